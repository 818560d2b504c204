import AccountFeedTestSupport
import Foundation
import GzipCoding
import HTTPServer
import Testing

/// A phone asking again for a feed this process has cached is answered on the network thread,
/// without a worker, in either coding: so it is answered while the database holds every worker,
/// and only what needs the database (or a screen built for the phone) waits in the workers'
/// queue.
@Suite("Phone API: a cached feed needs no worker")
struct CachedFeedTests {
  private static let gzip = ["Accept-Encoding": "gzip"]

  /// Demo's feed cached (read as `headers` ask), then the one worker held by carol's read waiting
  /// on a lock of the test while `body` runs with demo's cached answer; once the lock is let go,
  /// every held read is answered.
  private static func withWorkerHeldAfterCaching(
    _ headers: [String: String] = [:],
    _ body: (PhoneFixture, TestResponse, HeldRequests) throws -> Void
  ) throws {
    try PhoneFixture.with(limits: HeldRequests.limits(workers: 1)) { fixture in
      let cached = try cacheDemosFeed(fixture, headers)
      let lock = try fixture.database.connect()
      try lock.executeScript("BEGIN; LOCK TABLE accounts IN ACCESS EXCLUSIVE MODE")
      let held = HeldRequests()
      held.send(port: fixture.port, "/v1/feed", headers: fixture.auth(fixture.carolToken))
      #expect(eventually { fixture.server.workersBusy == 1 })
      try body(fixture, cached, held)
      try lock.executeScript("ROLLBACK")
      #expect(eventually { !held.statuses.isEmpty && held.statuses.allSatisfy { $0 == 200 } })
    }
  }

  /// Demo's feed, read until a read finds it cached: the cache is trusted once the listener
  /// behind it has connected, which happens in the background.
  private static func cacheDemosFeed(
    _ fixture: PhoneFixture, _ headers: [String: String]
  ) throws -> TestResponse {
    #expect(
      eventually {
        _ = try? fixture.get("/v1/feed", headers: headers)
        return fixture.service.cacheStatistics.feedHits > 0
      })
    return try fixture.get("/v1/feed", headers: headers)
  }

  @Test func aCachedFeedIsAnsweredWhileTheDatabaseHoldsEveryWorker() throws {
    try Self.withWorkerHeldAfterCaching { fixture, cached, _ in
      let again = try fixture.get("/v1/feed")
      #expect(again.status == 200)
      #expect(again.body == cached.body)
      #expect(again.headers["etag"] == cached.headers["etag"])
      #expect(fixture.server.requestsWaiting == 0)
    }
  }

  @Test func aPhoneHoldingTheCachedFeedIsTold304WhileEveryWorkerIsBusy() throws {
    try Self.withWorkerHeldAfterCaching { fixture, cached, _ in
      let tag = try #require(cached.headers["etag"])
      let again = try fixture.get("/v1/feed", headers: ["If-None-Match": tag])
      #expect(again.status == 304)
    }
  }

  @Test func aCachedFeedIsAnsweredGzippedWhileEveryWorkerIsBusy() throws {
    try Self.withWorkerHeldAfterCaching { fixture, cached, _ in
      let again = try fixture.get("/v1/feed", headers: Self.gzip)
      #expect(again.status == 200)
      #expect(again.headers["content-encoding"] == "gzip")
      #expect(Gzip.decompress(again.body, size: cached.body.count) == cached.body)
      #expect(fixture.server.requestsWaiting == 0)
    }
  }

  @Test func aPhoneStatingItsCapabilitiesWaitsForAWorker() throws {
    try Self.withWorkerHeldAfterCaching { fixture, _, held in
      let capabilities = ["Client-Capabilities": "app-1.0"]
      held.send(
        port: fixture.port, "/v1/feed",
        headers: fixture.auth(fixture.demoToken).merging(capabilities) { $1 })
      #expect(eventually { fixture.server.requestsWaiting == 1 })
    }
  }

  @Test func aReadAnsweredFromMemoryCountsOneHitOfItsTokenAndOfItsFeed() throws {
    try PhoneFixture.with { fixture in
      _ = try Self.cacheDemosFeed(fixture, [:])
      let before = fixture.service.cacheStatistics
      #expect(try fixture.get("/v1/feed", headers: Self.gzip).status == 200)
      let after = fixture.service.cacheStatistics
      #expect(after.feedHits - before.feedHits == 1)
      #expect(after.tokenHits - before.tokenHits == 1)
    }
  }
}
