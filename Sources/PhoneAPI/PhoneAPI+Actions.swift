import FeedComponents
import FeedService
import HTTPServer

extension PhoneAPI {
  /// `POST /v1/actions` with an action from the document: performed for the token's owner;
  /// the answer is the new document's digest. With an `Idempotency-Key` header the action is
  /// performed once per key, and a retry is answered as the first request was (the service's
  /// `perform(_:in:idempotencyKey:)` holds the rule).
  func perform(_ request: HTTPRequest) throws -> HTTPResponse {
    let scope = try scope(of: request)
    guard request.mediaType == "application/json" else {
      throw HTTPError.unsupportedMediaType(expected: "application/json")
    }
    let digest = try serving {
      let action = try FeedAction(json: request.body)
      if let key = request.header("idempotency-key") {
        return try service.perform(action, in: scope, idempotencyKey: key)
      }
      return try service.perform(action, in: scope).digest
    }
    return .json(["digest": .string(digest)], headers: Self.cacheHeaders(EntityTag(digest)))
  }
}
