import AccountFeedTestSupport
import Foundation
import HTTPServer
import Postgres
import Synchronization
import Testing

/// The phone API past the workers' queue: a phone is told 429 or 503 with `Retry-After` at once,
/// as the contract says, while the database holds the one worker. The test holds it with a lock
/// on `accounts` that every feed read waits for, so the requests stay queued for exactly as long
/// as the test needs.
@Suite("Phone API: admission")
struct PhoneAdmissionTests {
  /// Demo's feed read on a connection and thread of its own; its status once answered.
  private final class Reader: Sendable {
    private let answered = Mutex<Int?>(nil)

    var status: Int? { answered.withLock { $0 } }

    init(_ fixture: PhoneFixture, token: String) {
      Thread.detachNewThread {
        let status = (try? fixture.get("/v1/feed", token: token))?.status ?? 0
        self.answered.withLock { $0 = status }
      }
    }
  }

  /// One worker, and every feed read waiting on a lock the test holds until `body` returns.
  private static func withHeldWorker(
    _ limits: HTTPLimits, _ body: (PhoneFixture, PostgresConnection) throws -> Void
  ) throws {
    var limits = limits
    limits.workers = 1
    limits.maxQueueWaitSeconds = 120
    try PhoneFixture.with(limits: limits) { fixture in
      let lock = try fixture.database.connect()
      try lock.executeScript("BEGIN; LOCK TABLE accounts IN ACCESS EXCLUSIVE MODE")
      try body(fixture, lock)
    }
  }

  @Test func aPhoneWithAsManyRequestsWaitingAsOneMayIsTold429() throws {
    var limits = HTTPLimits()
    limits.maxQueuedPerClient = 1
    try Self.withHeldWorker(limits) { fixture, lock in
      let running = Reader(fixture, token: fixture.demoToken)
      #expect(eventually { fixture.server.workersBusy == 1 })
      let waiting = Reader(fixture, token: fixture.demoToken)
      #expect(eventually { fixture.server.requestsWaiting == 1 })
      let refused = try fixture.get("/v1/feed")
      #expect(refused.status == 429)
      #expect(refused.errorCode == "too_many_requests")
      #expect(refused.headers["retry-after"] == "1")
      try lock.executeScript("ROLLBACK")
      #expect(eventually { running.status == 200 && waiting.status == 200 })
    }
  }

  @Test func pastTheQueueBoundAPhoneIsTold503Overloaded() throws {
    var limits = HTTPLimits()
    limits.maxQueuedRequests = 1
    try Self.withHeldWorker(limits) { fixture, lock in
      let running = Reader(fixture, token: fixture.demoToken)
      #expect(eventually { fixture.server.workersBusy == 1 })
      let waiting = Reader(fixture, token: fixture.carolToken)
      #expect(eventually { fixture.server.requestsWaiting == 1 })
      let refused = try fixture.get("/v1/feed")
      #expect(refused.status == 503)
      #expect(refused.errorCode == "overloaded")
      #expect(refused.headers["retry-after"] == "1")
      let metrics = try fixture.get("/metrics").text
      #expect(metrics.contains("\nfeed_http_requests_shed_total 1\n"))
      try lock.executeScript("ROLLBACK")
      #expect(eventually { running.status == 200 && waiting.status == 200 })
    }
  }
}
