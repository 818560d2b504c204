import Foundation
import HTTPServer
import Testing

/// Message framing (RFC 9112 §6): a request whose body length two parsers could read
/// differently is refused with one clean answer and its connection closed, so no byte of it
/// can be taken for the start of another request.
@Suite("Request framing")
struct FramingTests {
  private static func routes(_ router: inout Router) {
    router.add("POST", "/echo") { request in
      .bytes(request.body, contentType: "application/octet-stream")
    }
    router.add("GET", "/hello") { _ in .json(["hello": "world"]) }
  }

  /// Sends `raw` on a fresh connection; the one response and whether the server then closed.
  private static func exchange(_ raw: String, port: Int) throws -> (TestResponse, closed: Bool) {
    let connection = try TestConnection(port: port, timeoutSeconds: 3)
    try connection.write(raw)
    let response = try connection.readResponse()
    return (response, connection.isClosedByServer())
  }

  @Test func contentLengthWithChunkedIs400AndCloses() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, closed) = try Self.exchange(
        "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
          + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", port: port)
      #expect(response.status == 400)
      #expect(closed)
    }
  }

  @Test func twoDifferentContentLengthsAre400AndClose() throws {
    try withServer(routes: Self.routes) { _, port in
      // Read with the first length, the other 45 bytes would be a second request.
      let smuggled = "GET /hello HTTP/1.1\r\nHost: x\r\nX-Pad: 12345\r\n\r\n"
      let (response, closed) = try Self.exchange(
        "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
          + "Content-Length: \(smuggled.utf8.count)\r\n\r\n\(smuggled)", port: port)
      #expect(response.status == 400)
      #expect(closed)
    }
  }

  @Test func identicalRepeatedContentLengthsAreOneLength() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, _) = try Self.exchange(
        "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\nabcde",
        port: port)
      #expect(response.status == 200)
      #expect(response.text == "abcde")
    }
  }

  @Test func aSpaceBeforeTheColonIs400() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, closed) = try Self.exchange(
        "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n",
        port: port)
      #expect(response.status == 400)
      #expect(closed)
    }
  }

  @Test func chunkedThenIdentityIs400AtOnce() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, closed) = try Self.exchange(
        "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n",
        port: port)
      #expect(response.status == 400)
      #expect(closed)
    }
  }

  @Test func anUnknownTransferCodingIs501() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, closed) = try Self.exchange(
        "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", port: port)
      #expect(response.status == 501)
      #expect(closed)
    }
  }

  @Test func aContentLengthPastEveryIntegerIs413AtOnce() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, closed) = try Self.exchange(
        "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 9223372036854775808\r\n\r\n",
        port: port)
      #expect(response.status == 413)
      #expect(closed)
    }
  }

  @Test func aChunkedBodyStillArrivesWhole() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, _) = try Self.exchange(
        "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
          + "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n", port: port)
      #expect(response.status == 200)
      #expect(response.text == "abcde")
    }
  }
}
