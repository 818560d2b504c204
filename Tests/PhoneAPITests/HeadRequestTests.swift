import AccountFeedTestSupport
import Foundation
import HTTPServer
import Synchronization
import Testing

/// A `HEAD` request is answered with the header a `GET` would get and never a body (RFC 9110
/// §9.3.2), an event stream's included.
@Suite("HEAD requests")
struct HeadRequestTests {
  @Test func headOfAnEventStreamSendsNoBodyAndEndsTheStream() throws {
    let closedStreams = Atomic<Int>(0)
    let routes: (inout Router) -> Void = { router in
      router.add("GET", "/events") { _ in
        let stream = EventStream()
        stream.onClose { closedStreams.add(1, ordering: .sequentiallyConsistent) }
        return .events(stream)
      }
      router.add("GET", "/hello") { _ in .json(["hello": "world"]) }
    }
    try withServer(routes: routes) { _, port in
      let connection = try TestConnection(port: port, timeoutSeconds: 3)
      // Any byte after the HEAD response's header (a chunked terminator) would be read here as
      // the status line of the next response.
      try connection.write(
        "HEAD /events HTTP/1.1\r\nHost: x\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
      let head = try connection.readResponse(method: "HEAD")
      #expect(head.status == 200)
      #expect(head.headers["content-type"] == "text/event-stream")
      let next = try connection.readResponse()
      #expect(next.status == 200)
      #expect(next.text == "{\"hello\":\"world\"}\n")
      #expect(eventually { closedStreams.load(ordering: .sequentiallyConsistent) == 1 })
    }
  }
}
