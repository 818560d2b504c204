import AccountFeedTestSupport
import AccountStore
import FeedPreview
import FeedService
import Foundation
import HTTPServer
import PostgresTestSupport
import Testing

/// What any web page open in the operator's browser could make it do to the preview: a `GET`
/// (an `<img>` pointing at it) records nothing, the page cannot be framed or fed another type,
/// and live pages are bounded.
@Suite struct PreviewSafetyTests {
  /// The preview's routes over a fresh database holding the demo owner.
  static func withSite<Result>(
    maxStreams: Int = 32, _ body: (FeedService, Router, TestDatabase) throws -> Result
  ) throws -> Result {
    try TestDatabase.with(.migrated) { database in
      let service = FeedService { AccountStore(connection: try database.connect()) }
      _ = try service.seedDemo()
      let events = try FeedEvents(service: service)
      defer { events.stop() }
      var router = Router()
      PreviewSite(service: service, events: events, maxStreams: maxStreams).addRoutes(to: &router)
      return try body(service, router, database)
    }
  }

  static func get(_ router: Router, _ target: String) throws -> HTTPResponse {
    let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
    let query = Dictionary(
      (parts.count > 1 ? parts[1].split(separator: "&") : []).map {
        let pair = $0.split(separator: "=", maxSplits: 1).map(String.init)
        return (pair[0], pair.count > 1 ? pair[1] : "")
      }
    ) { _, last in last }
    let request = HTTPRequest(
      method: "GET", path: parts[0], query: query, headers: ["Host": "127.0.0.1:8090"])
    switch router.match(method: "GET", path: parts[0]) {
    case .success(let match): return try match.handler(request)
    case .failure(let error): return error.response
    }
  }

  @Test func readingTheFeedRecordsNoSnapshot() throws {
    try Self.withSite { service, router, database in
      // Changed behind the service's back, so the live feed is one no snapshot holds yet.
      try database.connect().execute(
        "UPDATE accounts SET name = 'renamed' WHERE id = (SELECT min(id) FROM accounts WHERE owner_id = 'demo')"
      )
      let before = try service.history(owner: "demo").count
      #expect(try Self.get(router, "/api/feed?owner=demo").status == .ok)
      #expect(try service.history(owner: "demo").count == before)
    }
  }

  @Test(arguments: [
    "/", "/owners/demo", "/assets/feed.js", "/api/owners", "/api/feed?owner=nobody",
  ])
  func everyAnswerForbidsFramingSniffingAndForeignScripts(_ target: String) throws {
    try Self.withSite { _, router, _ in
      let response = try Self.get(router, target)
      #expect(response.header("X-Frame-Options") == "DENY")
      #expect(response.header("X-Content-Type-Options") == "nosniff")
      let policy = try #require(response.header("Content-Security-Policy"))
      #expect(policy.contains("script-src 'self';"))
      #expect(policy.contains("frame-ancestors 'none'"))
      #expect(!policy.contains("unsafe-inline"))
    }
  }

  @Test func theLiveStreamPastTheCapIs503WithRetryAfter() throws {
    try Self.withSite(maxStreams: 1) { service, router, _ in
      let since = try service.liveDocument(owner: "demo").digest
      let first = try Self.get(router, "/api/events?owner=demo&since=\(since)")
      guard case .events = first.body else {
        Issue.record("the first stream was not opened: \(first.status)")
        return
      }
      let second = try Self.get(router, "/api/events?owner=demo&since=\(since)")
      #expect(second.status == .serviceUnavailable)
      #expect(second.header("Retry-After") != nil)
    }
  }
}
