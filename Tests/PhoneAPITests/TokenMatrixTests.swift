import FeedComponents
import Foundation
import HTTPServer
import Testing

/// Every `/v1/` route needs a bearer token, and a token reaches only its owner's feed: the
/// owner comes from the token, never from the URL or the body.
@Suite("Phone API: tokens")
struct TokenMatrixTests {
  static let routes = ["/v1/feed", "/v1/feed/changes?since=\(String(repeating: "0", count: 64))"]

  @Test(arguments: [
    [:], ["Authorization": "Bearer"], ["Authorization": "Basic ZGVtbzpkZW1v"],
    ["Authorization": "Bearer not-a-token"],
    ["Authorization": "Bearer afd_0000000000000000000000000000000000000000000"],
  ])
  func aMissingOrBadTokenIs401OnEveryRoute(_ headers: [String: String]) throws {
    try PhoneFixture.with { fixture in
      for path in Self.routes + ["/v1/feed/events"] {
        let response = try httpRequest(port: fixture.port, "GET", path, headers: headers)
        #expect(response.status == 401, "\(path)")
        #expect(response.errorCode == "unauthorized")
        #expect(response.headers["www-authenticate"] == "Bearer")
      }
      let action = try httpRequest(
        port: fixture.port, "POST", "/v1/actions",
        headers: headers.merging(["Content-Type": "application/json"]) { _, new in new },
        body: Data(#"{"kind": "dismiss_notice", "id": "notice/\#(fixture.demoNotice)"}"#.utf8))
      #expect(action.status == 401)
    }
  }

  @Test func aRevokedTokenIs401() throws {
    try PhoneFixture.with { fixture in
      let id = try fixture.service.tokens(in: .owner("demo"))[0].id
      try fixture.service.revokeToken(id, in: .anyOwner)
      #expect(try fixture.get("/v1/feed").status == 401)
    }
  }

  @Test func eachTokenReadsOnlyItsOwnersFeed() throws {
    try PhoneFixture.with { fixture in
      for (token, owner) in [(fixture.demoToken, "demo"), (fixture.carolToken, "carol")] {
        let document = try FeedDocument(data: try fixture.get("/v1/feed", token: token).body)
        #expect(document.digest == (try fixture.service.liveDocument(owner: owner).digest))
      }
    }
  }

  @Test func aTokenCannotCatchUpFromAnotherOwnersDocument() throws {
    try PhoneFixture.with { fixture in
      let carols = try FeedDocument(
        data: try fixture.get("/v1/feed", token: fixture.carolToken).body)
      let response = try fixture.get("/v1/feed/changes?since=\(carols.digest)")
      #expect(response.status == 409)
      #expect(!response.text.contains("Carol"))
    }
  }

  @Test func aTokenCannotDismissAnotherOwnersNotice() throws {
    try PhoneFixture.with { fixture in
      let before = try fixture.get("/v1/feed", token: fixture.carolToken).headers["etag"]
      let response = try fixture.act(
        #"{"kind": "dismiss_notice", "id": "notice/\#(fixture.carolNotice)"}"#)
      #expect(response.status == 404)
      #expect(try fixture.get("/v1/feed", token: fixture.carolToken).headers["etag"] == before)
    }
  }

  @Test func anOwnerNamedInTheURLOrBodyIsIgnored() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.get("/v1/feed?owner=carol")
      let document = try FeedDocument(data: response.body)
      #expect(document.digest == (try fixture.service.liveDocument(owner: "demo").digest))
    }
  }
}
