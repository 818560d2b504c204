import AccountFeedTestSupport
import Foundation
import HTTPServer
import Testing

/// A stream whose client closes gives its slot back at once, not at the next heartbeat, over
/// real sockets with a plain route counted by a `StreamQuota` as the phone API counts owners.
@Suite("Stream slots")
struct StreamSlotTests {
  @Test func aClientReconnectingAtTheLimitRightAfterClosingIsAccepted() throws {
    let quota = StreamQuota(limit: 2)
    var limits = HTTPLimits()
    // Far past the test: only the close itself can free the slot in time.
    limits.heartbeatSeconds = 120
    let routes: (inout Router) -> Void = { router in
      router.add("GET", "/events") { _ in
        try quota.acquire("owner")
        let stream = EventStream()
        stream.onClose { quota.release("owner") }
        return .events(stream)
      }
    }
    try withServer(limits: limits, routes: routes) { server, port in
      let first = try TestEventReader(port: port, path: "/events")
      let second = try TestEventReader(port: port, path: "/events")
      #expect(first.status == 200 && second.status == 200)
      #expect(try TestEventReader(port: port, path: "/events").status == 429)
      second.connection.shutdown()
      var reconnected: TestEventReader?
      #expect(
        eventually(within: 2) {
          reconnected = try? TestEventReader(port: port, path: "/events")
          return reconnected?.status == 200
        })
      #expect(server.metrics.openStreams == 2)
      #expect(first.status == 200)
    }
  }
}
