import FeedComponents
import Foundation
import HTTPServer
import Postgres
import Testing

/// `GET /v1/feed` answers from the service's cache of served feeds and tokens; what a phone
/// sees after a write or a revocation is still the database's.
@Suite("Phone API: cached feed")
struct CachedFeedRouteTests {
  /// Whether `condition` holds within `seconds`, asking every 20 ms.
  static func eventually(within seconds: Double = 10, _ condition: () throws -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
      if (try? condition()) == true { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return false
  }

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
      #expect(Self.eventually { try fixture.get("/v1/feed").headers["etag"] == live })
    }
  }

  @Test func aTokenRevokedByPsqlIs401OnceItsNotificationArrives() throws {
    try PhoneFixture.with { fixture in
      #expect(try fixture.get("/v1/feed").status == 200)
      let psql = try fixture.database.connect()
      try psql.execute("UPDATE access_tokens SET revoked_at = now() WHERE owner_id = 'demo'")
      #expect(Self.eventually { try fixture.get("/v1/feed").status == 401 })
    }
  }
}
