import FeedComponents
import Foundation

/// The last document shown, kept in one file, so an app opens on it at once and then only
/// catches up (`GET /v1/feed/changes?since=`) instead of downloading the whole feed.
///
/// The file holds the document's canonical JSON; reading checks every digest, so a damaged or
/// hand-edited file is ignored (the app fetches the feed) rather than shown.
public struct FeedCache: Sendable {
  public let fileURL: URL

  public init(fileURL: URL) {
    self.fileURL = fileURL
  }

  /// The cached document, or nil when there is none or it cannot be read.
  public func load() -> FeedDocument? {
    guard let data = try? Data(contentsOf: fileURL) else { return nil }
    return try? FeedDocument(data: data)
  }

  /// Replaces the cached document in one step (a reader sees the old file or the new one).
  public func store(_ document: FeedDocument) throws {
    try document.encoded().write(to: fileURL, options: .atomic)
  }
}
