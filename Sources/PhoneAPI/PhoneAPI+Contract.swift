import FeedComponents
import Foundation
import HTTPServer

extension PhoneAPI {
  /// Where the contract is served. It needs no token: a tool (or a person) reads it before it
  /// holds one.
  public static let contractPath = "/v1/openapi.json"

  /// `docs/openapi.json` as it was when this binary was built (`ContractPlugin` embeds it), so
  /// the contract a server serves is always the one its code was checked against.
  public static let contract = Data(EmbeddedContract.files[0].text.utf8)

  /// The contract's SHA-256 as a strong ETag: every instance running the same build agrees on
  /// it, and it changes exactly when the bytes do.
  static let contractTag = EntityTag(SHA256.hexDigest(of: Array(contract)))

  /// The bytes change only with a new build. A tool may keep them for an hour without asking,
  /// which bounds how long one holds a contract from before a deploy; after that the ETag makes
  /// asking again cost a 304.
  static let contractCacheControl = "public, max-age=3600"

  /// `GET /v1/openapi.json`: the contract, or 304 when the client already holds these bytes.
  func contract(_ request: HTTPRequest) -> HTTPResponse {
    let headers = [("ETag", Self.contractTag.header), ("Cache-Control", Self.contractCacheControl)]
    if Self.contractTag.matches(ifNoneMatch: request.header("if-none-match")) {
      return HTTPResponse(status: .notModified, headers: headers)
    }
    return .bytes(Self.contract, contentType: "application/json", headers: headers)
  }
}
