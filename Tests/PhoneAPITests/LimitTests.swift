import Foundation
import HTTPServer
import Testing

/// Bounds on what one client can make the server hold or wait for.
@Suite("Request limits")
struct LimitTests {
  private static func routes(_ router: inout Router) {
    router.add("POST", "/echo") { request in
      .bytes(request.body, contentType: "application/octet-stream")
    }
    router.add("GET", "/hello") { _ in .json(["hello": "world"]) }
  }

  private static var small: HTTPLimits {
    var limits = HTTPLimits()
    limits.maxBodyBytes = 1000
    limits.threads = 1
    limits.idleTimeoutSeconds = 1
    return limits
  }

  @Test func aDeclaredBodyOverTheLimitIs413BeforeItIsRead() throws {
    try withServer(limits: Self.small, routes: Self.routes) { _, port in
      let connection = try TestConnection(port: port)
      try connection.write(
        "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\n")
      let response = try connection.readResponse()
      #expect(response.status == 413)
      #expect(response.errorCode == "content_too_large")
    }
  }

  @Test func aChunkedBodyOverTheLimitIs413() throws {
    try withServer(limits: Self.small, routes: Self.routes) { _, port in
      let connection = try TestConnection(port: port)
      let chunk = String(repeating: "x", count: 600)
      try connection.write(
        "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
          + "258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n")
      #expect(try connection.readResponse().status == 413)
    }
  }

  @Test func aBodyAtTheLimitIsAccepted() throws {
    try withServer(limits: Self.small, routes: Self.routes) { _, port in
      let body = Data(repeating: 7, count: 1000)
      let response = try httpRequest(port: port, "POST", "/echo", body: body)
      #expect(response.body == body)
    }
  }

  @Test func aHeaderTooLargeForTheConnectionIsRefused() throws {
    var limits = Self.small
    limits.maxHeaderBytes = 4096
    try withServer(limits: limits, routes: Self.routes) { _, port in
      let response = try httpRequest(
        port: port, "GET", "/hello", headers: ["X-Big": String(repeating: "y", count: 8000)])
      #expect(response.status >= 400 && response.status < 500)
    }
  }

  @Test func aClientThatStopsMidHeaderIsClosedAfterTheIdleTimeout() throws {
    try withServer(limits: Self.small, routes: Self.routes) { _, port in
      let stuck = try TestConnection(port: port, timeoutSeconds: 5)
      try stuck.write("GET /hello HTTP/1.1\r\nHost: x\r\n")
      let started = Date()
      #expect(stuck.isClosedByServer())
      #expect(Date().timeIntervalSince(started) < 4)
    }
  }

  @Test func aStuckClientDoesNotDelayOthersOnOneThread() throws {
    // The stuck client would hold the one thread for the whole idle timeout (20 s); the other
    // request is answered long before it, however loaded the machine is.
    var limits = Self.small
    limits.idleTimeoutSeconds = 20
    try withServer(limits: limits, routes: Self.routes) { _, port in
      let stuck = try TestConnection(port: port)
      try stuck.write("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc")
      let started = Date()
      #expect(try httpRequest(port: port, "GET", "/hello").status == 200)
      #expect(Date().timeIntervalSince(started) < 10)
    }
  }
}
