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

  /// Read with the first of two lengths, these 45 bytes would be a second request.
  private static let smuggled = "GET /hello HTTP/1.1\r\nHost: x\r\nX-Pad: 12345\r\n\r\n"

  static let ambiguousLengths = [
    RefusedRequest(
      name: "Content-Length with chunked is 400",
      bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
        + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400),
    RefusedRequest(
      name: "two different Content-Lengths are 400",
      bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
        + "Content-Length: \(smuggled.utf8.count)\r\n\r\n\(smuggled)", status: 400),
    RefusedRequest(
      name: "a space before the colon is 400",
      bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n",
      status: 400),
    RefusedRequest(
      name: "chunked then identity is 400 at once",
      bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n",
      status: 400),
    RefusedRequest(
      name: "an unknown transfer coding is 501",
      bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
      status: 501),
    RefusedRequest(
      name: "a Content-Length past every integer is 413 at once",
      bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 9223372036854775808\r\n\r\n",
      status: 413),
  ]

  @Test(
    "A length two parsers could read differently is refused and its connection closed",
    arguments: ambiguousLengths)
  func anAmbiguousLengthIsRefusedAndCloses(_ request: RefusedRequest) throws {
    try withServer(routes: Self.routes) { _, port in try request.expectRefused(port: port) }
  }

  /// The body `/echo` sends back for `raw`.
  private static func echo(_ raw: String) throws -> TestResponse {
    try withServer(routes: routes) { _, port in
      try TestConnection(port: port, timeoutSeconds: 3).answer(to: raw)
    }
  }

  @Test func identicalRepeatedContentLengthsAreOneLength() throws {
    let response = try Self.echo(
      "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\nabcde")
    #expect(response.status == 200)
    #expect(response.text == "abcde")
  }

  @Test func aChunkedBodyStillArrivesWhole() throws {
    let response = try Self.echo(
      "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
    #expect(response.status == 200)
    #expect(response.text == "abcde")
  }
}
