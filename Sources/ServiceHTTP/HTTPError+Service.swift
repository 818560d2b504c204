import FeedService
import HTTPServer

extension HTTPError {
  /// The answer to whatever a route's use case threw, for the phone API and the preview alike
  /// (a page and a phone read one failure the same way): a route's own `HTTPError` as it is,
  /// anything else sorted by the service (`FeedServiceError(classifying:)`) and answered by its
  /// kind.
  public init(serviceError error: any Error) {
    if let error = error as? HTTPError {
      self = error
    } else {
      self.init(failure: FeedServiceError(classifying: error))
    }
  }

  /// The status for each kind of failure. The message is the failure's own line (no credential
  /// is in any of them), except where the database cannot be reached: a phone is not told
  /// where it is, and an internal failure is logged, never sent.
  public init(failure: FeedServiceError) {
    let message = failure.message
    switch failure.kind {
    case .invalidInput: self = .badRequest(message)
    case .notFound, .unknownScreen: self = .notFound(message)
    case .unauthorized:
      self = HTTPError(
        .unauthorized, code: "unauthorized", message, headers: ["WWW-Authenticate": "Bearer"])
    case .exists, .conflict: self = HTTPError(.conflict, code: "conflict", message)
    case .refetch: self = HTTPError(.conflict, code: "refetch", "\(message): GET /v1/feed")
    case .unavailable, .notMigrated: self = .unavailable(message)
    case .unreachable: self = .unavailable("the database cannot be reached")
    case .malformedDocument, .misconfigured, .embedded, .internal: self = .internal(failure)
    }
  }
}
