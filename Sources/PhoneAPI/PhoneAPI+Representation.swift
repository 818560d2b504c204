import Foundation
import HTTPServer

extension PhoneAPI {
  /// The request header fields a document's representation depends on: who asks, what the phone
  /// draws, which codings it accepts. Every answer that can differ by them says so, so a cache
  /// between the phone and the server never hands one phone's feed to another request.
  static let documentVary = "Authorization, Client-Capabilities, Accept-Encoding"

  /// A JSON body as the request asks for it: gzipped when `Accept-Encoding` prefers gzip, with
  /// an entity tag that names this representation (`tag`, plus `-gzip` when gzipped), and 304
  /// when `If-None-Match` names that tag. `owner` keeps compressed bodies apart per owner.
  func represent(
    _ json: Data, tag: EntityTag, vary: String, owner: String, request: HTTPRequest
  ) -> HTTPResponse {
    let coding = ContentCoding.preferred(acceptEncoding: request.header("accept-encoding"))
    let sent = coding == .gzip ? EntityTag(tag.value + "-gzip") : tag
    var headers = Self.cacheHeaders(sent) + [("Vary", vary)]
    if sent.matches(ifNoneMatch: request.header("if-none-match")) {
      return HTTPResponse(status: .notModified, headers: headers)
    }
    guard coding == .gzip else {
      return .bytes(json, contentType: "application/json", headers: headers)
    }
    headers.append(("Content-Encoding", "gzip"))
    return .bytes(
      compressedBodies.gzip(json, key: Self.bodyKey(owner: owner, tag: sent)),
      contentType: "application/json", headers: headers)
  }

  /// `represent(…)` when it costs no compression — the answer is the identity coding, a 304,
  /// or a gzipped body kept already —, else nil: for a network thread, which must not spend a
  /// compression's time.
  func representAtOnce(
    _ json: Data, tag: EntityTag, vary: String, owner: String, request: HTTPRequest
  ) -> HTTPResponse? {
    let coding = ContentCoding.preferred(acceptEncoding: request.header("accept-encoding"))
    if coding == .gzip {
      let sent = EntityTag(tag.value + "-gzip")
      guard
        sent.matches(ifNoneMatch: request.header("if-none-match"))
          || compressedBodies.holds(Self.bodyKey(owner: owner, tag: sent))
      else { return nil }
    }
    return represent(json, tag: tag, vary: vary, owner: owner, request: request)
  }

  /// Where a gzipped body is kept: per owner, so owners never share one by tag.
  private static func bodyKey(owner: String, tag: EntityTag) -> String {
    "\(owner)\u{0}\(tag.value)"
  }
}
