/// Why a use case was refused before the store was asked, in one line a person can act on.
///
/// Store refusals arrive as `AccountStoreError` and documents as `FeedDocumentError`; this type
/// covers what only the service knows: references, batches, feed files, the owner, tokens,
/// catch-up and the connection pool. No case ever carries a token's secret.
public enum FeedServiceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A reference, a batch, an action or a feed file is malformed.
  case invalidInput(String)
  /// A reference, a file or an action names something that is not there (or not the owner's).
  case notFound(String)
  /// The use case reads one owner's feed, and no owner was given.
  case ownerRequired
  /// A bearer token is missing, malformed, unknown or revoked.
  case unauthorized(String)
  /// A catch-up's base is not a document the owner was shown: the client must refetch the feed.
  case unknownBase(String)
  /// Every database connection stayed busy for longer than the pool lets a caller wait.
  case unavailable(String)

  public var description: String {
    switch self {
    case .invalidInput(let message), .notFound(let message), .unauthorized(let message),
      .unknownBase(let message), .unavailable(let message):
      message
    case .ownerRequired: "no owner given"
    }
  }
}
