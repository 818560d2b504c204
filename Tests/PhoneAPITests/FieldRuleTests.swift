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

  static let brokenRules = [
    RefusedRequest(
      name: "an HTTP/1.1 request without Host is 400",
      bytes: "GET /echo/a HTTP/1.1\r\n\r\n", status: 400),
    RefusedRequest(
      name: "two Hosts are 400",
      bytes: "GET /echo/a HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400),
    RefusedRequest(
      name: "an encoded NUL in the path is 400",
      bytes: "GET /echo/home%00.png HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
    RefusedRequest(
      name: "an encoded NUL in the query is 400",
      bytes: "GET /echo/a?since=abc%00def HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
    RefusedRequest(
      name: "a NUL inside a header value is 400",
      bytes: "GET /echo/a HTTP/1.1\r\nHost: a\r\nIf-None-Match: \"one\"\u{0}junk\r\n\r\n",
      status: 400),
    RefusedRequest(
      name: "a NUL inside the last header value is 400",
      bytes: "GET /echo/a HTTP/1.1\r\nHost: a\u{0}b\r\n\r\n", status: 400),
    RefusedRequest(
      name: "a repeated singleton field is 400",
      bytes: "GET /echo/a HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer bogus\r\n"
        + "Authorization: Bearer other\r\n\r\n", status: 400),
  ]

  @Test(
    "A request breaking a field rule is refused and its connection closed", arguments: brokenRules)
  func aRequestBreakingAFieldRuleIsRefusedAndCloses(_ request: RefusedRequest) throws {
    try withServer(routes: Self.routes) { _, port in try request.expectRefused(port: port) }
  }

  /// The `If-None-Match` the route read from `raw`, once answered 200.
  private static func ifNoneMatch(readFrom raw: String) throws -> String? {
    try withServer(routes: routes) { _, port in
      let response = try TestConnection(port: port, timeoutSeconds: 3).answer(to: raw)
      #expect(response.status == 200)
      return response.json?["if-none-match"] as? String
    }
  }

  @Test func trailingSpacesAndBareLineFeedsAreNoNUL() throws {
    let read = try Self.ifNoneMatch(
      readFrom: "GET /echo/a HTTP/1.1\nHost: a  \nIf-None-Match: \"one\" \t\n\n")
    #expect(read == "\"one\"")
  }

  @Test func aListFieldOverTwoLinesIsOneList() throws {
    let read = try Self.ifNoneMatch(
      readFrom: "GET /echo/a HTTP/1.1\r\nHost: a\r\nIf-None-Match: \"one\"\r\n"
        + "If-None-Match: \"two\"\r\n\r\n")
    #expect(read == "\"one\", \"two\"")
  }
}
