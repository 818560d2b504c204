import Foundation
import HTTPServer
import Testing

/// A `Content-Length` that is not one decimal number (RFC 9112 §6.3: unrecoverable framing) is
/// answered with exactly one 400 — one status line, `Connection: close`, a JSON error — and then
/// the end of the connection, whether it is a connection's first request or one kept alive or
/// pipelined after another. (libmicrohttpd 0.9.75 alone wrote its answer's header twice.)
@Suite("Unreadable Content-Length")
struct UnreadableLengthTests {
  static let unreadable = ["-1", "+5", "0x10", "2, 2", "5 5", "", "1e3", "٣"]

  private static func routes(_ router: inout Router) {
    router.add("POST", "/echo") { request in
      .bytes(request.body, contentType: "application/octet-stream")
    }
    router.add("GET", "/hello") { _ in .json(["hello": "world"]) }
  }

  /// Every response the server sent on a fresh connection after `raw`, until it closed it.
  private static func answers(to raw: String, port: Int) throws -> [TestResponse] {
    let connection = try TestConnection(port: port, timeoutSeconds: 5)
    try connection.write(raw)
    return try TestConnection.responses(in: connection.readToEnd())
  }

  private static func refused(_ length: String) -> String {
    "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n"
  }

  @Test("is one 400 with Connection: close, then the connection's end", arguments: unreadable)
  func oneCleanRefusal(length: String) throws {
    try withServer(routes: Self.routes) { _, port in
      let responses = try Self.answers(to: Self.refused(length), port: port)
      #expect(responses.map(\.status) == [400])
      #expect(responses.first?.headers["connection"] == "close")
      #expect(responses.first?.errorCode == "bad_request")
    }
  }

  @Test("digits past every 64-bit length are one 413, then the connection's end")
  func digitsPastEveryLengthAre413() throws {
    try withServer(routes: Self.routes) { _, port in
      let responses = try Self.answers(to: Self.refused("99999999999999999999999"), port: port)
      #expect(responses.map(\.status) == [413])
      #expect(responses.first?.headers["connection"] == "close")
      #expect(responses.first?.errorCode == "content_too_large")
    }
  }

  @Test("pipelined behind another request, it is answered after that one", arguments: unreadable)
  func pipelined(length: String) throws {
    try withServer(routes: Self.routes) { _, port in
      let responses = try Self.answers(
        to: "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n" + Self.refused(length), port: port)
      #expect(responses.map(\.status) == [200, 400])
      #expect(responses.last?.errorCode == "bad_request")
    }
  }

  @Test("on a kept-alive connection's next request, it is refused alone")
  func keptAlive() throws {
    try withServer(routes: Self.routes) { _, port in
      let connection = try TestConnection(port: port, timeoutSeconds: 5)
      #expect(try connection.request("GET", "/hello").status == 200)
      try connection.write(Self.refused("-1"))
      let responses = try TestConnection.responses(in: connection.readToEnd())
      #expect(responses.map(\.status) == [400])
      #expect(responses.first?.errorCode == "bad_request")
    }
  }

  @Test("in a header that arrives in pieces, it is refused and other requests are served")
  func inPieces() throws {
    try withServer(routes: Self.routes) { _, port in
      let connection = try TestConnection(port: port, timeoutSeconds: 5)
      // Another connection's request half arrived meanwhile is served when it is complete.
      let other = try TestConnection(port: port, timeoutSeconds: 5)
      try other.write("POST /echo HTTP/1.1\r\nHost: x\r\n")
      try connection.write("POST /echo HTTP/1.1\r\nHost: x\r\n")
      usleep(50_000)
      try connection.write("Content-Length: +5\r\n\r\n")
      #expect(try TestConnection.responses(in: connection.readToEnd()).map(\.status) == [400])
      try other.write("Content-Length: 2\r\n\r\nok")
      let echoed = try other.readResponse()
      #expect(echoed.status == 200)
      #expect(echoed.text == "ok")
    }
  }

  @Test("is one line of the request log, under the unmatched route")
  func logged() throws {
    let lines = LogLines()
    try withServer(log: RequestLog(format: .text) { lines.append($0) }, routes: Self.routes) {
      _, port in
      _ = try Self.answers(to: Self.refused("-1"), port: port)
      let logged = lines.waitFor(1)
      #expect(logged.count == 1)
      #expect(logged.first?.contains("400") == true)
    }
  }
}
