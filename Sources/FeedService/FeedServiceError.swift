/// Every failure a use case reports, sorted once into a `Kind` that front ends map to their own
/// answer (an HTTP status, an exit code), with one line a person can act on.
///
/// The service throws it for what only the service knows (references, batches, feed files, the
/// owner, tokens, catch-up, the connection pool); `init(classifying:)` sorts what the layers
/// below throw (store, database, documents, screens) into the same kinds, so no front end
/// inspects another layer's errors. No message ever carries a token's secret or a password.
public struct FeedServiceError: Error, Equatable, Sendable, CustomStringConvertible {
  public let kind: Kind
  /// One line for people; the front ends print it as it is.
  public let message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }

  /// A reference, a batch, an action or a feed file is malformed.
  public static func invalidInput(_ message: String) -> FeedServiceError {
    FeedServiceError(.invalidInput, message)
  }

  /// A reference, a file or an action names something that is not there (or not the owner's).
  public static func notFound(_ message: String) -> FeedServiceError {
    FeedServiceError(.notFound, message)
  }

  /// A bearer token is missing, malformed, unknown or revoked.
  public static func unauthorized(_ message: String) -> FeedServiceError {
    FeedServiceError(.unauthorized, message)
  }

  /// A catch-up's base is not a document the owner was shown: the client must refetch the feed.
  public static func unknownBase(_ message: String) -> FeedServiceError {
    FeedServiceError(.refetch, message)
  }

  /// Every database connection stayed busy for longer than the pool lets a caller wait, or the
  /// database is not ready to serve.
  public static func unavailable(_ message: String) -> FeedServiceError {
    FeedServiceError(.unavailable, message)
  }

  /// The use case reads one owner's feed, and no owner was given. A front end may say how to
  /// give one in its own words.
  public static let ownerRequired = FeedServiceError(.invalidInput, "no owner given")
}
