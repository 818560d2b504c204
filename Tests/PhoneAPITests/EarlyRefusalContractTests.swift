import AccountFeedTestSupport
import Foundation
import HTTPServer
import Testing

/// What the server refuses before any route runs — a frame or field it does not trust, a body
/// over the bound, a connection past a limit — is answered on every route of the contract as
/// the contract describes that route's answer (`/readyz`'s 503 requires `Cache-Control:
/// no-store`), read over raw sockets and held to `docs/openapi.json` by `ContractCheck`.
@Suite("Refusals before routing and the contract")
struct EarlyRefusalContractTests {
  /// One request of each of the contract's operations: method and path (a `{parameter}` filled).
  private static var operations: [(method: String, path: String)] {
    get throws {
      try PhoneContract.current.get().paths.flatMap { path in
        path.operations.keys.sorted().map { method in
          (method.uppercased(), path.template.replacingOccurrences(of: "{name}", with: "home"))
        }
      }
    }
  }

  /// A request the server refuses before routing, and the status it gets.
  struct Refusal: Sendable, CustomTestStringConvertible {
    let name: String
    let status: Int
    /// The request line's target after the path (a query), and header lines after `Host`.
    let query: String
    let fields: String
    /// Whether the server answers it itself (libmicrohttpd answers 414 and 431).
    var serverAnswers: Bool { status != 414 && status != 431 }
    var testDescription: String { name }
  }

  static let refusals = [
    Refusal(name: "two Hosts", status: 400, query: "", fields: "Host: b\r\n"),
    Refusal(name: "an unreadable length", status: 400, query: "", fields: "Content-Length: -1\r\n"),
    Refusal(
      name: "a length with chunked", status: 400, query: "",
      fields: "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n"),
    Refusal(
      name: "a NUL in a value", status: 400, query: "", fields: "X-Note: a\u{0}b\r\n"),
    Refusal(
      name: "another transfer coding", status: 501, query: "",
      fields: "Transfer-Encoding: gzip, chunked\r\n"),
    Refusal(
      name: "a length over the bound", status: 413, query: "", fields: "Content-Length: 70000\r\n"),
    Refusal(
      name: "a header over 32 KiB", status: 431, query: "",
      fields: "X-Big: \(String(repeating: "y", count: 40_000))\r\n"),
    Refusal(
      name: "a request line over 32 KiB", status: 414,
      query: "?x=\(String(repeating: "y", count: 40_000))", fields: ""),
  ]

  /// Sends `refusal` as `method path` on a fresh connection and checks the answer.
  private static func check(_ refusal: Refusal, _ method: String, _ path: String, port: Int)
    throws
  {
    let connection = try TestConnection(port: port, timeoutSeconds: 5)
    try? connection.write(
      "\(method) \(path)\(refusal.query) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(refusal.fields)\r\n")
    let response = try connection.readResponse()
    #expect(response.status == refusal.status, "\(method) \(path)")
    #expect(ContractCheck.problems(method, path, response, bodyRead: true) == [])
    #expect(response.headers["connection"] == "close", "\(method) \(path)")
    if refusal.serverAnswers {
      #expect(response.headers["cache-control"] == "no-store", "\(method) \(path)")
    }
  }

  @Test(
    "a frame, field or length refused is as the contract says, on every route",
    arguments: refusals)
  func framing(_ refusal: Refusal) throws {
    try PhoneFixture.with { phone in
      for (method, path) in try Self.operations {
        try Self.check(refusal, method, path, port: phone.port)
      }
    }
  }

  @Test("a connection past the server's limit is refused as the contract says, on every route")
  func pastTheServerLimit() throws {
    var limits = HTTPLimits()
    limits.maxConnections = 2
    try PhoneFixture.with(limits: limits) { phone in
      let held = try (0..<2).map { _ in try TestConnection(port: phone.port) }
      #expect(eventually { metric(phone.server, "feed_http_connections_open") == held.count })
      for (method, path) in try Self.operations {
        let response = try Self.answer(method, path, port: phone.port)
        #expect(response.status == 503, "\(method) \(path)")
        #expect(response.errorCode == "too_many_connections")
        #expect(response.headers["cache-control"] == "no-store")
        #expect(ContractCheck.problems(method, path, response, bodyRead: true) == [])
      }
    }
  }

  @Test("a connection past its address's limit is refused as the contract says, on every route")
  func pastTheAddressLimit() throws {
    var limits = HTTPLimits()
    limits.maxConnectionsPerAddress = 2
    try PhoneFixture.with(limits: limits) { phone in
      let held = try (0..<2).map { _ in try TestConnection(port: phone.port, from: "127.0.0.1") }
      #expect(eventually { metric(phone.server, "feed_http_connections_open") == held.count })
      for (method, path) in try Self.operations {
        let response = try Self.answer(method, path, port: phone.port)
        #expect(response.status == 429, "\(method) \(path)")
        #expect(response.errorCode == "too_many_connections_from_address")
        #expect(response.headers["cache-control"] == "no-store")
        #expect(ContractCheck.problems(method, path, response, bodyRead: true) == [])
      }
    }
  }

  /// A plain request's answer on a fresh connection from 127.0.0.1.
  private static func answer(_ method: String, _ path: String, port: Int) throws -> TestResponse {
    let connection = try TestConnection(port: port, timeoutSeconds: 5, from: "127.0.0.1")
    try connection.write(
      "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + (method == "POST"
          ? "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}" : "\r\n"))
    return try connection.readResponse()
  }
}
