import FeedComponents
import Foundation

/// An owner's current feed as a front end sends it: the digest (its ETag) and the canonical
/// JSON bytes, encoded once and shared by every request that finds it cached.
public struct ServedFeed: Sendable {
  /// The document's SHA-256 digest, 64 lowercase hex digits.
  public let digest: String
  /// The document's canonical JSON (`FeedDocument.encoded()`), ready to send.
  public let json: Data
  /// The document itself, for a catch-up from the phone's current digest.
  let document: FeedDocument

  init(_ document: FeedDocument) {
    self.digest = document.digest
    self.json = document.encoded()
    self.document = document
  }
}
