import AccountFeedTestSupport
import Foundation
import HTTPServer
import Synchronization
import Testing

/// The reusable event stream: framing, heartbeats, close handlers, and idle streams that hold
/// no thread.
@Suite("Event streams")
struct EventStreamTests {
  /// Streams the route opened, for the test to write to.
  final class Opened: Sendable {
    let streams = Mutex<[EventStream]>([])
    var last: EventStream? { streams.withLock { $0.last } }
    var count: Int { streams.withLock { $0.count } }
  }

  private static func routes(_ opened: Opened) -> (inout Router) -> Void {
    { router in
      router.add("GET", "/events") { request in
        let stream = EventStream()
        if let id = request.header("last-event-id") {
          stream.send(ServerSentEvent(event: "resumed", data: id))
        }
        opened.streams.withLock { $0.append(stream) }
        return .events(stream)
      }
      router.add("GET", "/hello") { _ in .json(["hello": "world"]) }
    }
  }

  private static var fast: HTTPLimits {
    var limits = HTTPLimits()
    limits.heartbeatSeconds = 0.1
    limits.threads = 2
    return limits
  }

  @Test func anEventArrivesFramedWithIdTypeAndData() throws {
    let opened = Opened()
    try withServer(routes: Self.routes(opened)) { _, port in
      let reader = try TestEventReader(port: port, path: "/events")
      #expect(reader.status == 200)
      #expect(reader.headers["content-type"] == "text/event-stream")
      #expect(reader.headers["cache-control"] == "no-cache")
      #expect(eventually { opened.count == 1 })
      opened.last?.send(ServerSentEvent(id: "d1", event: "changeset", data: "line 1\nline 2"))
      let block = try #require(try reader.nextEvent())
      #expect(block == .init(id: "d1", event: "changeset", data: "line 1\nline 2"))
    }
  }

  @Test func theRouteSeesLastEventID() throws {
    let opened = Opened()
    try withServer(routes: Self.routes(opened)) { _, port in
      let reader = try TestEventReader(
        port: port, path: "/events", headers: ["Last-Event-ID": "abc"])
      #expect(try reader.nextEvent() == .init(event: "resumed", data: "abc"))
    }
  }

  @Test func anIdleStreamGetsHeartbeatComments() throws {
    let opened = Opened()
    try withServer(limits: Self.fast, routes: Self.routes(opened)) { _, port in
      let reader = try TestEventReader(port: port, path: "/events")
      #expect(try reader.next()?.comment == "heartbeat")
    }
  }

  @Test func finishingAStreamEndsTheResponse() throws {
    let opened = Opened()
    try withServer(routes: Self.routes(opened)) { _, port in
      let reader = try TestEventReader(port: port, path: "/events")
      #expect(eventually { opened.count == 1 })
      opened.last?.send(ServerSentEvent(data: "bye"))
      opened.last?.finish()
      #expect(try reader.nextEvent()?.data == "bye")
      #expect(try reader.next() == nil)
    }
  }

  @Test func aClientThatLeavesClosesTheStream() throws {
    let opened = Opened()
    try withServer(limits: Self.fast, routes: Self.routes(opened)) { server, port in
      let closed = Atomic(false)
      do {
        let reader = try TestEventReader(port: port, path: "/events")
        #expect(eventually { opened.count == 1 })
        opened.last?.onClose { closed.store(true, ordering: .relaxed) }
        _ = reader
      }
      #expect(eventually { closed.load(ordering: .relaxed) })
      #expect(opened.last?.isOpen == false)
      #expect(eventually { server.metrics.openStreams == 0 })
    }
  }

  @Test func manyIdleStreamsHoldNoThreadAndRequestsStillAnswer() throws {
    let opened = Opened()
    var limits = HTTPLimits()
    limits.threads = 1
    try withServer(limits: limits, routes: Self.routes(opened)) { server, port in
      let readers = try (0..<200).map { _ in try TestEventReader(port: port, path: "/events") }
      #expect(eventually { server.metrics.openStreams == 200 })
      #expect(try httpRequest(port: port, "GET", "/hello").status == 200)
      for stream in opened.streams.withLock({ $0 }) { stream.send(ServerSentEvent(data: "ping")) }
      for reader in readers { #expect(try reader.nextEvent()?.data == "ping") }
    }
  }
}
