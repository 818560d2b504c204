import FeedService
import HTTPServer

extension HTTPError {
  /// The preview page's answer to a failure the service sorted: the statuses of the phone API
  /// (`/api/` routes answer like `/v1/` ones), so a page and a phone read one failure alike.
  init(failure: FeedServiceError) {
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

  /// A route's own refusal as it is, anything else by its kind.
  init(previewError error: any Error) {
    if let error = error as? HTTPError {
      self = error
    } else {
      self.init(failure: FeedServiceError(classifying: error))
    }
  }
}
