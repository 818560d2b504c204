import Foundation
import HTTPServer

extension PhoneAPI {
  /// The request header fields a document's representation depends on: who asks, what the phone
  /// draws, which codings it accepts. Every answer that can differ by them says so, so a cache
  /// between the phone and the server never hands one phone's feed to another request.
  static let documentVary = "Authorization, Client-Capabilities, Accept-Encoding"

  /// A JSON body as the request asks for it (`represent(tag:vary:request:body:)`), gzipped
  /// once per tag (`CompressedBodies`). `owner` keeps compressed bodies apart per owner.
  func represent(
    _ json: Data, tag: EntityTag, vary: String, owner: String, request: HTTPRequest
  ) -> HTTPResponse {
    represent(tag: tag, vary: vary, request: request) { coding in
      guard coding == .gzip else { return json }
      return compressedBodies.gzip(json, key: Self.bodyKey(owner: owner, tag: tag))
    }
  }

  /// A JSON representation as the request asks for it: `body` in the coding `Accept-Encoding`
  /// prefers, gzip or identity, with an entity tag that names this representation (`tag`,
  /// plus `-gzip` when gzipped), and 304 when `If-None-Match` names that tag.
  func represent(
    tag: EntityTag, vary: String, request: HTTPRequest, body: (ContentCoding) -> Data
  ) -> HTTPResponse {
    let coding = ContentCoding.preferred(acceptEncoding: request.header("accept-encoding"))
    let sent = coding == .gzip ? EntityTag(tag.value + "-gzip") : tag
    var headers = Self.cacheHeaders(sent) + [("Vary", vary)]
    if sent.matches(ifNoneMatch: request.header("if-none-match")) {
      return HTTPResponse(status: .notModified, headers: headers)
    }
    if coding == .gzip { headers.append(("Content-Encoding", "gzip")) }
    return .bytes(body(coding), contentType: "application/json", headers: headers)
  }

  /// Where a gzipped body is kept: per owner, so owners never share one by tag.
  private static func bodyKey(owner: String, tag: EntityTag) -> String {
    "\(owner)\u{0}\(tag.value)"
  }
}
