/// Why a use case was refused before the store was asked, in one line a person can act on.
///
/// Store refusals arrive as `AccountStoreError` and documents as `FeedDocumentError`; this type
/// covers what only the service knows: references, batches, feed files and the owner.
public enum FeedServiceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A reference, a batch or a feed file is malformed.
  case invalidInput(String)
  /// A reference or a file names something that is not there.
  case notFound(String)
  /// The use case reads one owner's feed, and no owner was given.
  case ownerRequired

  public var description: String {
    switch self {
    case .invalidInput(let message), .notFound(let message): message
    case .ownerRequired: "no owner given"
    }
  }
}
