import AccountFeedTestSupport
import Foundation
import HTTPServer
import Postgres
import Testing

/// The phone API past the workers' queue: a phone is told 429 or 503 with `Retry-After` at once,
/// as the contract says, while the database holds the one worker. The test holds it with a lock
/// on `accounts` that every feed read waits for, so the requests stay queued for exactly as long
/// as the test needs.
@Suite("Phone API: admission")
struct PhoneAdmissionTests {
  /// One worker, held by demo's feed read waiting on a lock of the test, and a feed read by the
  /// phone of `waiting` queued behind it while `body` runs; once the lock is let go, both are
  /// answered.
  private static func withHeldWorker(
    _ limits: HTTPLimits, waiting: KeyPath<PhoneFixture, String>,
    _ body: (PhoneFixture) throws -> Void
  ) throws {
    try PhoneFixture.with(limits: HeldRequests.limits(workers: 1, from: limits)) { fixture in
      let lock = try fixture.database.connect()
      try lock.executeScript("BEGIN; LOCK TABLE accounts IN ACCESS EXCLUSIVE MODE")
      let reads = HeldRequests()
      reads.send(port: fixture.port, "/v1/feed", headers: fixture.auth(fixture.demoToken))
      #expect(eventually { fixture.server.workersBusy == 1 })
      reads.send(port: fixture.port, "/v1/feed", headers: fixture.auth(fixture[keyPath: waiting]))
      #expect(eventually { fixture.server.requestsWaiting == 1 })
      try body(fixture)
      try lock.executeScript("ROLLBACK")
      #expect(eventually { reads.statuses == [200, 200] })
    }
  }

  @Test func aPhoneWithAsManyRequestsWaitingAsOneMayIsTold429() throws {
    var limits = HTTPLimits()
    limits.maxQueuedPerClient = 1
    try Self.withHeldWorker(limits, waiting: \.demoToken) { fixture in
      let refused = try fixture.get("/v1/feed")
      refused.expectRetryLater(429, code: "too_many_requests")
    }
  }

  @Test func pastTheQueueBoundAPhoneIsTold503Overloaded() throws {
    var limits = HTTPLimits()
    limits.maxQueuedRequests = 1
    try Self.withHeldWorker(limits, waiting: \.carolToken) { fixture in
      let refused = try fixture.get("/v1/feed")
      refused.expectRetryLater(503, code: "overloaded")
      let metrics = try fixture.get("/metrics").text
      #expect(metrics.contains("\nfeed_http_requests_shed_total 1\n"))
    }
  }
}
