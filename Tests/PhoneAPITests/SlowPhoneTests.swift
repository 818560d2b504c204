import AccountFeedTestSupport
import FeedComponents
import FeedWire
import Foundation
import HTTPServer
import Postgres
import Testing

/// Phones that do not read their event stream, or read it slowly, while the owner's feed keeps
/// changing: the server queues a bounded number of bytes for them (its own count, not RSS),
/// keeps their streams open, and each phone still lands on the current document — by reading
/// on (one catch-up once drained) or by asking for the changes since its last event id.
@Suite("Phone API: slow phones")
struct SlowPhoneTests {
  private static var small: HTTPLimits {
    var limits = HTTPLimits()
    limits.streamBufferBytes = 2048
    return limits
  }

  /// Opens a stream that reads only its head, with a small receive buffer.
  private static func idle(_ fixture: PhoneFixture) throws -> TestEventReader {
    try TestEventReader(
      port: fixture.port, path: "/v1/feed/events", headers: fixture.auth(fixture.demoToken),
      receiveBufferBytes: 2048)
  }

  /// Commits by another program, each one a change event for every stream.
  private static func write(_ fixture: PhoneFixture, times: Int) throws {
    let psql = try fixture.database.connect()
    for _ in 0..<times {
      try psql.executeScript(
        "UPDATE accounts SET balance_minor = balance_minor + 1000 WHERE owner_id = 'demo' AND name = '비상금'"
      )
    }
  }

  @Test func phonesThatDoNotReadHoldBoundedBytesAndCatchUpAfterwards() throws {
    try PhoneFixture.with(limits: Self.small) { fixture in
      let readers = try (0..<4).map { _ in try Self.idle(fixture) }
      #expect(eventually { fixture.server.metrics.openStreams == 4 })
      // Writes until a stream is seen behind (bytes waiting past the kernel's buffers; a loaded
      // machine folds more wakes into each event, so how many writes that takes varies), at
      // most 300; the bound holds at every sample.
      var peak = 0
      var over = 0
      var writes = 0
      while peak < 2048, writes < 300 {
        try Self.write(fixture, times: 20)
        writes += 20
        _ = eventually(within: 1) {
          let pending = metric(fixture.server, "feed_http_stream_pending_bytes") ?? .max
          if pending > 4 * (2048 + 16 * 1024) { over += 1 }
          peak = max(peak, pending)
          return peak >= 2048
        }
      }
      #expect(peak >= 2048)
      #expect(over == 0)
      let current = try fixture.service.liveDocument(owner: "demo").digest
      #expect(fixture.server.metrics.openStreams == 4)

      // One phone reads on: the feed, the changesets queued before it fell behind, then one
      // catch-up once drained; applied in order they land on the current document.
      let first = try #require(try readers[0].nextEvent())
      var held = try FeedDocument(data: Data((first.data ?? "").utf8))
      var changesets = 0
      while held.digest != current, changesets <= writes {
        let event = try #require(try readers[0].nextEvent())
        held = try WireChangeset(data: Data((event.data ?? "").utf8)).apply(to: held)
        #expect(event.id == held.digest)
        changesets += 1
      }
      #expect(held.digest == current)
      #expect(changesets < writes)

      // Another leaves after its first event and asks for the changes since its id.
      let start = try #require(try readers[1].nextEvent())
      readers[1].connection.shutdown()
      let since = try FeedDocument(data: Data((start.data ?? "").utf8))
      let changes = try fixture.get("/v1/feed/changes?since=\(try #require(start.id))")
      #expect(changes.status == 200)
      #expect(try WireChangeset(data: changes.body).apply(to: since).digest == current)
    }
  }
}
