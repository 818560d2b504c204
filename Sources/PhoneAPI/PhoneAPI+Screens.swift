import FeedAssembler
import FeedComponents
import FeedService
import HTTPServer

extension PhoneAPI {
  /// The request header in which a phone states what it draws: the same text as feedctl's
  /// `--client-caps` (`2.0:title,account_row` or a supported client such as `app-1.4`).
  public static let capabilitiesHeader = "client-capabilities"

  /// `GET /v1/screens/<name>`: the token owner's screen, built for the capabilities the phone
  /// states (every type when it states none); its digest is the ETag and a phone holding it
  /// gets 304. An unknown or malformed screen is 404, malformed capabilities 400.
  func screen(_ request: HTTPRequest) throws -> HTTPResponse {
    try screen(request, named: String(request.path.dropFirst(Self.screensPrefix.count)))
  }

  func screen(_ request: HTTPRequest, named name: String) throws -> HTTPResponse {
    let scope = try scope(of: request)
    let document = try serving {
      let capabilities = try request.header(Self.capabilitiesHeader).map {
        try ClientCapabilities(parsing: $0)
      }
      return try service.screenDocument(name, in: scope, capabilities: capabilities)
    }
    let tag = EntityTag(document.digest)
    let headers = Self.cacheHeaders(tag) + [("Vary", "Authorization, Client-Capabilities")]
    if tag.matches(ifNoneMatch: request.header("if-none-match")) {
      return HTTPResponse(status: .notModified, headers: headers)
    }
    return .bytes(document.encoded(), contentType: "application/json", headers: headers)
  }

  static let screensPrefix = "/v1/screens/"
}
