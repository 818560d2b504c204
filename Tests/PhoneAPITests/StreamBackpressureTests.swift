import AccountFeedTestSupport
import Foundation
import HTTPServer
import Synchronization
import Testing

/// An event stream's unsent bytes stay bounded whatever its client does, over real sockets with
/// a plain route: a front end that waits while a stream is behind queues at most one event
/// past the bound, one that does not has the stream ended, and a stream that stays behind is
/// ended after the lag limit.
@Suite("Stream backpressure")
struct StreamBackpressureTests {
  /// The streams the route opened, for the test to send to.
  private final class Opened: Sendable {
    let streams = Mutex<[EventStream]>([])
  }

  private static func routes(_ opened: Opened) -> (inout Router) -> Void {
    { router in
      router.add("GET", "/events") { _ in
        let stream = EventStream()
        opened.streams.withLock { $0.append(stream) }
        return .events(stream)
      }
    }
  }

  /// An 84 KB event, as large as a big changeset.
  private static let large = ServerSentEvent(
    id: "x", event: "changeset", data: String(repeating: "a", count: 84 * 1024))

  /// Sends large events whenever the stream is not behind, for a while: the kernel's buffers
  /// take the first few, then the stream stays behind.
  private static func fill(_ stream: EventStream) {
    for _ in 0..<40 {
      if !stream.isBehind { stream.send(large) }
      usleep(20_000)
    }
  }

  /// A client that never reads, with a small receive buffer so the kernel holds little.
  private static func neverReading(port: Int) throws -> TestEventReader {
    try TestEventReader(port: port, path: "/events", receiveBufferBytes: 4096)
  }

  @Test func streamsThatNeverReadHoldAtMostOneEventPastTheirBound() throws {
    var limits = HTTPLimits()
    limits.streamBufferBytes = 64 * 1024
    let opened = Opened()
    try withServer(limits: limits, routes: Self.routes(opened)) { server, port in
      let readers = try (0..<16).map { _ in try Self.neverReading(port: port) }
      #expect(eventually { opened.streams.withLock { $0.count } == 16 })
      var deferred = 0
      for _ in 0..<60 {
        for stream in opened.streams.withLock({ $0 }) {
          if stream.isBehind { deferred += 1 } else { stream.send(Self.large) }
        }
        usleep(10_000)
      }
      let pending = metric(server, "feed_http_stream_pending_bytes") ?? .max
      #expect(pending <= 16 * (64 + 84) * 1024)
      #expect(deferred > 0)
      #expect(opened.streams.withLock { $0.allSatisfy(\.isOpen) })
      // Sent to regardless while behind, a stream is ended and its bytes dropped.
      let first = opened.streams.withLock { $0[0] }
      first.send(Self.large)
      #expect(!first.isOpen)
      #expect(first.pendingBytes == 0)
      #expect(readers.count == 16)
    }
  }

  @Test func aStreamBehindLongerThanTheLagLimitIsEnded() throws {
    var limits = HTTPLimits()
    limits.streamBufferBytes = 64 * 1024
    limits.streamLagSeconds = 1
    let opened = Opened()
    try withServer(limits: limits, routes: Self.routes(opened)) { server, port in
      let reader = try Self.neverReading(port: port)
      #expect(eventually { opened.streams.withLock { $0.count } == 1 })
      let stream = try #require(opened.streams.withLock { $0.first })
      Self.fill(stream)
      #expect(stream.isBehind)
      #expect(eventually(within: 5) { !stream.isOpen })
      #expect(stream.pendingBytes == 0)
      #expect(metric(server, "feed_http_streams_ended_lagging_total") == 1)
      #expect(reader.status == 200)
    }
  }

  /// A client that reads, however slowly, is sent one catch-up once it has drained rather
  /// than every event meanwhile.
  @Test func aSlowReaderIsToldWhenItHasDrained() throws {
    var limits = HTTPLimits()
    limits.streamBufferBytes = 64 * 1024
    let opened = Opened()
    try withServer(limits: limits, routes: Self.routes(opened)) { _, port in
      let reader = try Self.neverReading(port: port)
      #expect(eventually { opened.streams.withLock { $0.count } == 1 })
      let stream = try #require(opened.streams.withLock { $0.first })
      Self.fill(stream)
      #expect(stream.isBehind)
      let drained = DispatchSemaphore(value: 0)
      stream.whenDrained { drained.signal() }
      #expect(drained.wait(timeout: .now() + 0.5) == .timedOut)
      while stream.pendingBytes > 0, (try? reader.connection.readChunk()) != nil {}
      #expect(drained.wait(timeout: .now() + 5) == .success)
    }
  }
}
