import FeedAssembler
import FeedComponents
import FeedService
import HTTPServer

extension PhoneAPI {
  /// The request header in which a phone states what it draws: the same text as feedctl's
  /// `--client-caps` (`2.0:title,account_row` or a supported client such as `app-1.4`).
  public static let capabilitiesHeader = "client-capabilities"

  /// `GET /v1/screens/<name>`: the token owner's screen, built for the capabilities the phone
  /// states (every type when it states none); a phone holding it gets 304. An unknown or
  /// malformed screen is 404, malformed capabilities 400.
  ///
  /// The document's digest covers its sections only, while the bytes also name the screen and
  /// the capabilities, so one digest has several representations. The ETag is the digest, a
  /// `-`, and the first 16 hex digits of the SHA-256 of the bytes: a different representation
  /// never shares a strong tag (RFC 9110 §8.8.3), and the digest stays readable in front.
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
    let json = document.encoded()
    let representation = SHA256.hexDigest(of: Array(json)).prefix(16)
    return represent(
      json, tag: EntityTag("\(document.digest)-\(representation)"), vary: Self.documentVary,
      owner: scope.ownerID ?? "", request: request)
  }

  static let screensPrefix = "/v1/screens/"
}
