import AccountFeedTestSupport
import FeedComponents
import Foundation
import HTTPServer
import Postgres
import Testing

/// `GET /v1/feed` answers from the service's cache of served feeds and tokens; what a phone
/// sees after a write or a revocation is still the database's.
@Suite("Phone API: cached feed")
struct CachedFeedRouteTests {
  @Test func aFeedReadBeforeAnActionIsNotServedAfterIt() throws {
    try PhoneFixture.with { fixture in
      #expect(try fixture.get("/v1/feed").status == 200)
      let response = try fixture.act(
        #"{"kind": "dismiss_notice", "id": "notice/\#(fixture.demoNotice)"}"#)
      let feed = try FeedDocument(data: try fixture.get("/v1/feed").body)
      #expect(response.json?["digest"] as? String == feed.digest)
    }
  }

  @Test func aWriteByPsqlIsServedOnceItsNotificationArrives() throws {
    try PhoneFixture.with { fixture in
      let before = try fixture.get("/v1/feed").headers["etag"]
      let psql = try fixture.database.connect()
      try psql.execute("UPDATE accounts SET name = 'psql' WHERE owner_id = 'demo'")
      let live = "\"\(try fixture.service.liveDocument(owner: "demo").digest)\""
      #expect(before != live)
      #expect(eventually { try fixture.get("/v1/feed").headers["etag"] == live })
    }
  }

  @Test func aTokenRevokedByPsqlIs401OnceItsNotificationArrives() throws {
    try PhoneFixture.with { fixture in
      #expect(try fixture.get("/v1/feed").status == 200)
      let psql = try fixture.database.connect()
      try psql.execute("UPDATE access_tokens SET revoked_at = now() WHERE owner_id = 'demo'")
      #expect(eventually { try fixture.get("/v1/feed").status == 401 })
    }
  }
}
