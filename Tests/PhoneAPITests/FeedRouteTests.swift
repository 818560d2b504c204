import FeedComponents
import FeedWire
import Foundation
import HTTPServer
import Testing

/// `GET /v1/feed` and `GET /v1/feed/changes`: the document with its digest as the ETag, 304
/// for the document a phone holds, and catch-up from any document it was shown.
@Suite("Phone API: feed and catch-up")
struct FeedRouteTests {
  @Test func theFeedIsTheOwnersDocumentWithItsDigestAsETag() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.get("/v1/feed")
      #expect(response.status == 200)
      let document = try FeedDocument(data: response.body)
      #expect(document.digest == (try fixture.service.liveDocument(owner: "demo").digest))
      #expect(response.headers["etag"] == "\"\(document.digest)\"")
      #expect(response.headers["cache-control"] == "private, no-cache")
      #expect(response.headers["content-type"] == "application/json")
    }
  }

  @Test func ifNoneMatchWithTheCurrentDigestIs304WithAnEmptyBody() throws {
    try PhoneFixture.with { fixture in
      let etag = try #require(try fixture.get("/v1/feed").headers["etag"])
      let response = try fixture.get("/v1/feed", headers: ["If-None-Match": etag])
      #expect(response.status == 304)
      #expect(response.body.isEmpty)
      #expect(response.headers["etag"] == etag)
    }
  }

  @Test func ifNoneMatchWithAnOldDigestGetsTheNewDocument() throws {
    try PhoneFixture.with { fixture in
      let etag = try #require(try fixture.get("/v1/feed").headers["etag"])
      _ = try fixture.act(#"{"kind": "dismiss_notice", "id": "notice/\#(fixture.demoNotice)"}"#)
      let response = try fixture.get("/v1/feed", headers: ["If-None-Match": etag])
      #expect(response.status == 200)
      #expect(response.headers["etag"] != etag)
    }
  }

  @Test func headAnswersLikeGetWithoutTheBody() throws {
    try PhoneFixture.with { fixture in
      let etag = try fixture.get("/v1/feed").headers["etag"]
      let connection = try TestConnection(port: fixture.port)
      let head = try connection.request(
        "HEAD", "/v1/feed", headers: fixture.auth(fixture.demoToken))
      #expect(head.status == 200)
      #expect(head.headers["etag"] == etag)
      #expect(try connection.request("GET", "/healthz").status == 200)
    }
  }

  @Test func changesSinceAnOldDocumentRebuildTheCurrentOne() throws {
    try PhoneFixture.with { fixture in
      let old = try FeedDocument(data: try fixture.get("/v1/feed").body)
      _ = try fixture.act(#"{"kind": "dismiss_notice", "id": "notice/\#(fixture.demoNotice)"}"#)
      let response = try fixture.get("/v1/feed/changes?since=\(old.digest)")
      #expect(response.status == 200)
      let changeset = try WireChangeset(data: response.body)
      let rebuilt = try changeset.apply(to: old)
      let current = try FeedDocument(data: try fixture.get("/v1/feed").body)
      #expect(rebuilt.encoded() == current.encoded())
      #expect(response.headers["etag"] == "\"\(current.digest)\"")
    }
  }

  @Test func changesSinceTheCurrentDocumentHaveNoStages() throws {
    try PhoneFixture.with { fixture in
      let current = try FeedDocument(data: try fixture.get("/v1/feed").body)
      let response = try fixture.get("/v1/feed/changes?since=\(current.digest)")
      let changeset = try WireChangeset(data: response.body)
      #expect(changeset.stages.isEmpty)
      #expect(changeset.base == current.digest && changeset.target == current.digest)
    }
  }

  @Test func changesSinceAnUnknownDigestAre409SayingToRefetch() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.get("/v1/feed/changes?since=\(String(repeating: "ab", count: 32))")
      #expect(response.status == 409)
      #expect(response.errorCode == "refetch")
      let message = (response.json?["error"] as? [String: Any])?["message"] as? String ?? ""
      #expect(message.contains("/v1/feed"))
    }
  }

  /// A stored document the server cannot read back is the server's failure, not the phone's:
  /// 500, never 400 or 404, whose advice (fix the request, refetch) would not help.
  @Test func changesFromDamagedHistoryAre500() throws {
    try PhoneFixture.with { fixture in
      let old = try FeedDocument(data: try fixture.get("/v1/feed").body)
      _ = try fixture.act(#"{"kind": "dismiss_notice", "id": "notice/\#(fixture.demoNotice)"}"#)
      // Every stored item node gone: the rows of `feed_items` and those checkpoints carry.
      try fixture.database.connect().executeScript(
        "DELETE FROM feed_items; UPDATE feed_snapshots SET nodes = NULL")
      let response = try fixture.get("/v1/feed/changes?since=\(old.digest)")
      #expect(response.status == 500)
      #expect(response.errorCode == "internal")
    }
  }

  @Test func changesWithoutSinceAre400() throws {
    try PhoneFixture.with { fixture in
      let response = try fixture.get("/v1/feed/changes")
      #expect(response.status == 400)
      #expect(response.errorCode == "bad_request")
    }
  }
}
