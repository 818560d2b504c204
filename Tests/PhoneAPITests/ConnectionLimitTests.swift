import AccountFeedTestSupport
import Foundation
import HTTPServer
import Testing

/// The server's bounds on connections, over real sockets with a plain route: past each one a
/// client is answered (503 or 429 with `Retry-After`) or closed, never left hanging.
@Suite("Connection limits")
struct ConnectionLimitTests {
  private static func routes(_ router: inout Router) {
    router.add("GET", "/hello") { _ in .json(["hello": "world"]) }
  }

  @Test func pastTheConnectionLimitARequestIsAnswered503WithRetryAfter() throws {
    var limits = HTTPLimits()
    limits.maxConnections = 50
    try withServer(limits: limits, routes: Self.routes) { server, port in
      #expect(server.connectionLimit == 50)
      let held = try (0..<50).map { _ in try TestConnection(port: port) }
      #expect(eventually { metric(server, "feed_http_connections_open") == 50 })
      let started = Date()
      let refused = try TestConnection(port: port, timeoutSeconds: 5).request("GET", "/hello")
      #expect(refused.status == 503)
      #expect(refused.headers["retry-after"] == "5")
      #expect(refused.errorCode == "too_many_connections")
      #expect(Date().timeIntervalSince(started) < 3)
      #expect(metric(server, "feed_http_connections_refused_total") == 1)
      // A served connection is still served, and a slot freed is taken by the next client.
      #expect(try held[0].request("GET", "/hello").status == 200)
      held[1].shutdown()
      #expect(
        eventually {
          (try? TestConnection(port: port, timeoutSeconds: 5).request("GET", "/hello"))?.status
            == 200
        })
    }
  }

  @Test func pastTheReserveAConnectionIsClosedNotLeftHanging() throws {
    var limits = HTTPLimits()
    limits.maxConnections = 4
    limits.refusalReserve = 2
    try withServer(limits: limits, routes: Self.routes) { server, port in
      let held = try (0..<6).map { _ in try TestConnection(port: port) }
      #expect(eventually { metric(server, "feed_http_connections_open") == 6 })
      let started = Date()
      let late = try TestConnection(port: port, timeoutSeconds: 5)
      #expect(throws: TestClientError.self) { try late.request("GET", "/hello") }
      #expect(Date().timeIntervalSince(started) < 3)
      #expect(held.count == 6)
    }
  }

  @Test func pastTheLimitPerAddressARequestIsAnswered429AndOtherAddressesAreServed() throws {
    var limits = HTTPLimits()
    limits.maxConnectionsPerAddress = 5
    try withServer(limits: limits, routes: Self.routes) { server, port in
      let held = try (0..<5).map { _ in try TestConnection(port: port, from: "127.0.0.1") }
      #expect(eventually { metric(server, "feed_http_connections_open") == 5 })
      let refused = try TestConnection(port: port, timeoutSeconds: 5, from: "127.0.0.1")
        .request("GET", "/hello")
      #expect(refused.status == 429)
      #expect(refused.headers["retry-after"] == "5")
      #expect(refused.errorCode == "too_many_connections_from_address")
      #expect(metric(server, "feed_http_address_connections_refused_total") == 1)
      let other = try TestConnection(port: port, timeoutSeconds: 5, from: "127.0.0.2")
      #expect(try other.request("GET", "/hello").status == 200)
      #expect(try held[4].request("GET", "/hello").status == 200)
    }
  }

  /// A byte a second keeps a connection from ever being idle; the request deadline closes it.
  @Test func aClientTricklingItsHeaderIsClosedAtTheDeadline() throws {
    var limits = HTTPLimits()
    limits.requestDeadlineSeconds = 2
    try withServer(limits: limits, routes: Self.routes) { server, port in
      let trickler = try TestConnection(port: port, timeoutSeconds: 1)
      let started = Date()
      var closed = false
      for byte in "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8 {
        if (try? trickler.write(Data([byte]))) == nil || trickler.isClosedByServer() {
          closed = true
          break
        }
        if Date().timeIntervalSince(started) > 10 { break }
      }
      #expect(closed)
      #expect(Date().timeIntervalSince(started) < 6)
      #expect(eventually { metric(server, "feed_http_late_requests_closed_total") == 1 })
      #expect(try httpRequest(port: port, "GET", "/hello").status == 200)
    }
  }
}

/// A metric's value from the server's exposition (the first sample of that name).
func metric(_ server: HTTPServer, _ name: String) -> Int? {
  server.metrics.exposition().split(separator: "\n").first { $0.hasPrefix(name + " ") }
    .flatMap { Int($0.split(separator: " ")[1]) }
}
