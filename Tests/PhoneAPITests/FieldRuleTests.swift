import Foundation
import HTTPServer
import Testing

/// Field rules (RFC 9110 §5): one `Host`, no NUL hidden in a target, singleton fields sent
/// once, list fields sent over several lines read as one list.
@Suite("Header field rules")
struct FieldRuleTests {
  private static func routes(_ router: inout Router) {
    router.add("GET", prefix: "/echo/") { request in
      .json([
        "path": .string(request.path),
        "if-none-match": .string(request.header("if-none-match") ?? ""),
      ])
    }
  }

  private static func exchange(_ raw: String, port: Int) throws -> (TestResponse, closed: Bool) {
    let connection = try TestConnection(port: port, timeoutSeconds: 3)
    try connection.write(raw)
    let response = try connection.readResponse()
    return (response, connection.isClosedByServer())
  }

  @Test func anHTTP11RequestWithoutHostIs400() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, closed) = try Self.exchange("GET /echo/a HTTP/1.1\r\n\r\n", port: port)
      #expect(response.status == 400)
      #expect(closed)
    }
  }

  @Test func twoHostsAre400() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, _) = try Self.exchange(
        "GET /echo/a HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", port: port)
      #expect(response.status == 400)
    }
  }

  @Test func anEncodedNULInThePathIs400() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, _) = try Self.exchange(
        "GET /echo/home%00.png HTTP/1.1\r\nHost: a\r\n\r\n", port: port)
      #expect(response.status == 400)
    }
  }

  @Test func anEncodedNULInTheQueryIs400() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, _) = try Self.exchange(
        "GET /echo/a?since=abc%00def HTTP/1.1\r\nHost: a\r\n\r\n", port: port)
      #expect(response.status == 400)
    }
  }

  @Test func aNULInsideAHeaderValueIs400() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, closed) = try Self.exchange(
        "GET /echo/a HTTP/1.1\r\nHost: a\r\nIf-None-Match: \"one\"\u{0}junk\r\n\r\n", port: port)
      #expect(response.status == 400)
      #expect(closed)
    }
  }

  @Test func aNULInsideTheLastHeaderValueIs400() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, _) = try Self.exchange(
        "GET /echo/a HTTP/1.1\r\nHost: a\u{0}b\r\n\r\n", port: port)
      #expect(response.status == 400)
    }
  }

  @Test func trailingSpacesAndBareLineFeedsAreNoNUL() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, _) = try Self.exchange(
        "GET /echo/a HTTP/1.1\nHost: a  \nIf-None-Match: \"one\" \t\n\n", port: port)
      #expect(response.status == 200)
      #expect(response.json?["if-none-match"] as? String == "\"one\"")
    }
  }

  @Test func aRepeatedSingletonFieldIs400() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, _) = try Self.exchange(
        "GET /echo/a HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer bogus\r\n"
          + "Authorization: Bearer other\r\n\r\n", port: port)
      #expect(response.status == 400)
    }
  }

  @Test func aListFieldOverTwoLinesIsOneList() throws {
    try withServer(routes: Self.routes) { _, port in
      let (response, _) = try Self.exchange(
        "GET /echo/a HTTP/1.1\r\nHost: a\r\nIf-None-Match: \"one\"\r\n"
          + "If-None-Match: \"two\"\r\n\r\n", port: port)
      #expect(response.status == 200)
      #expect(response.json?["if-none-match"] as? String == "\"one\", \"two\"")
    }
  }
}
