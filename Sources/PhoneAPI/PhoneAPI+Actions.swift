import FeedComponents
import FeedService
import HTTPServer

extension PhoneAPI {
  /// `POST /v1/actions` with an action from the document: performed for the token's owner;
  /// the answer is the new document's digest.
  func perform(_ request: HTTPRequest) throws -> HTTPResponse {
    let scope = try scope(of: request)
    guard request.mediaType == "application/json" else {
      throw HTTPError.unsupportedMediaType(expected: "application/json")
    }
    let document = try serving {
      try service.perform(try FeedAction(json: request.body), in: scope)
    }
    return .json(
      ["digest": .string(document.digest)], headers: Self.cacheHeaders(EntityTag(document.digest)))
  }
}
