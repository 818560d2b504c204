import FeedComponents
import Foundation
import Testing

/// `GET /v1/openapi.json` serves the contract: the bytes of `docs/openapi.json`, built into the
/// binary, to anyone, even while the database is down.
@Suite("Phone API: the served contract")
struct ServedContractTests {
  private static var written: Data {
    get throws { try Data(contentsOf: PhoneContract.file) }
  }

  @Test func theContractIsServedWithoutATokenAsTheBytesOfTheFile() throws {
    try withPhoneAPIOnUnreachableDatabase { port in
      let response = try httpRequest(port: port, "GET", "/v1/openapi.json")
      #expect(response.status == 200)
      #expect(response.body == (try Self.written))
      #expect(response.headers["content-type"] == "application/json")
      #expect(response.headers["cache-control"] == "public, max-age=3600")
    }
  }

  @Test func itsETagIsTheSHA256OfTheBytes() throws {
    try withPhoneAPIOnUnreachableDatabase { port in
      let response = try httpRequest(port: port, "GET", "/v1/openapi.json")
      let digest = SHA256.hexDigest(of: Array(try Self.written))
      #expect(response.headers["etag"] == "\"\(digest)\"")
    }
  }

  @Test func aClientHoldingTheseBytesGets304() throws {
    try withPhoneAPIOnUnreachableDatabase { port in
      let tag = try #require(try httpRequest(port: port, "GET", "/v1/openapi.json").headers["etag"])
      let again = try httpRequest(
        port: port, "GET", "/v1/openapi.json", headers: ["If-None-Match": tag])
      #expect(again.status == 304)
      #expect(again.body.isEmpty)
      #expect(again.headers["etag"] == tag)
    }
  }

  @Test func headAnswersItsHeadersWithoutTheBody() throws {
    try withPhoneAPIOnUnreachableDatabase { port in
      let response = try httpRequest(port: port, "HEAD", "/v1/openapi.json")
      #expect(response.status == 200)
      #expect(response.headers["content-type"] == "application/json")
      let digest = SHA256.hexDigest(of: Array(try Self.written))
      #expect(response.headers["etag"] == "\"\(digest)\"")
    }
  }
}
