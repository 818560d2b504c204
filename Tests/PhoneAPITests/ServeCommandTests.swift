import AccountFeedTestSupport
import AccountStore
import FeedComponents
import FeedService
import Foundation
import PostgresTestSupport
import Testing

/// `feedctl serve`, the real binary: it serves the phone API, logs each request, and stops
/// cleanly on a signal.
@Suite("feedctl serve")
struct ServeCommandTests {
  /// A migrated test database with the demo owner and a token for it.
  private static func withDemo<Result>(
    _ body: (_ url: String, _ token: String) throws -> Result
  ) throws -> Result {
    try TestDatabase.with(.migrated) { database in
      let configuration = database.configuration
      let service = FeedService { try AccountStore(configuration) }
      _ = try service.seedDemo()
      let token = try service.createToken(owner: "demo", label: nil, in: .anyOwner)
      return try body(configuration.connectionString, token.secret)
    }
  }

  /// `--max-connections 50`: the start line says the limit in force, and past it the real
  /// binary answers 503 with `Retry-After` at once rather than leave the client waiting.
  @Test func maxConnectionsIsSaidAtStartAndAnswered503PastIt() throws {
    try Self.withDemo { url, _ in
      let server = try ServeProcess(databaseURL: url, arguments: ["--max-connections", "50"])
      let held = try (0..<50).map { _ in try TestConnection(port: server.port) }
      #expect(try held[0].request("GET", "/healthz").status == 200)
      var refused: TestResponse?
      #expect(
        eventually {
          refused = try? TestConnection(port: server.port, timeoutSeconds: 3)
            .request("GET", "/healthz")
          return refused?.status == 503
        })
      #expect(refused?.headers["retry-after"] == "5")
      let (code, _, error) = server.stop(SIGTERM)
      #expect(code == 0)
      #expect(error.contains("serving at most 50 connections, 50 per client address"))
    }
  }

  /// `--cache-bytes` bounds the cache of served feeds, and `/metrics` says the bound in force.
  @Test func cacheBytesIsTheBoundMetricsShow() throws {
    try Self.withDemo { url, token in
      let server = try ServeProcess(databaseURL: url, arguments: ["--cache-bytes", "4096"])
      let auth = ["Authorization": "Bearer \(token)"]
      #expect(try httpRequest(port: server.port, "GET", "/v1/feed", headers: auth).status == 200)
      let text = try httpRequest(port: server.port, "GET", "/metrics").text
      #expect(text.contains("feed_cache_bytes{state=\"capacity\"} 4096\n"))
      #expect(text.contains("feed_cache_lookups_total{kind=\"feed\",result=\"miss\"} 1\n"))
      #expect(server.stop().code == 0)
    }
  }

  /// `--workers` and `--max-queued-requests`: the start line says both, and the feed is served
  /// through the workers.
  @Test func workersAndTheirQueueBoundAreSaidAtStart() throws {
    try Self.withDemo { url, token in
      let server = try ServeProcess(
        databaseURL: url, arguments: ["--workers", "3", "--max-queued-requests", "7"])
      let feed = try httpRequest(
        port: server.port, "GET", "/v1/feed", headers: ["Authorization": "Bearer \(token)"])
      #expect(feed.status == 200)
      let (code, _, error) = server.stop(SIGTERM)
      #expect(code == 0)
      #expect(error.contains("; 3 workers, at most 7 requests waiting"))
    }
  }

  @Test(arguments: [["--workers", "0"], ["--max-queued-requests", "0"]])
  func aBoundBelowOneIsAUsageError(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = try FeedctlProcess.executable()
    process.arguments = ["serve", "--listen", "127.0.0.1:0"] + arguments
    let error = Pipe()
    process.standardError = error
    process.standardOutput = Pipe()
    try process.run()
    // A server that took the bound would serve until stopped: stop it rather than hang.
    let watchdog = DispatchWorkItem { process.terminate() }
    DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
    let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    watchdog.cancel()
    #expect(process.terminationStatus == 2)
    #expect(text.contains("\(arguments[0]) must be at least 1"))
  }

  @Test func servesTheFeedToATokenAndStopsOnSIGTERM() throws {
    try Self.withDemo { url, token in
      let server = try ServeProcess(databaseURL: url)
      let feed = try httpRequest(
        port: server.port, "GET", "/v1/feed", headers: ["Authorization": "Bearer \(token)"])
      #expect(feed.status == 200)
      let document = try FeedDocument(data: feed.body)
      #expect(feed.headers["etag"] == "\"\(document.digest)\"")
      #expect(
        try httpRequest(port: server.port, "GET", "/v1/feed").status == 401)
      #expect(try httpRequest(port: server.port, "GET", "/readyz").status == 200)
      let (code, output, error) = server.stop(SIGTERM)
      #expect(code == 0)
      #expect(error.contains("SIGTERM"))
      #expect(error.contains("feedctl serve: stopped"))
      let lines = output.split(separator: "\n")
      #expect(lines.count == 3)
      #expect(lines.contains { $0.contains(" GET /v1/feed 200 ") })
      #expect(lines.contains { $0.contains(" GET /v1/feed 401 ") })
      #expect(!output.contains(token))
    }
  }

  @Test func sigintStopsItToo() throws {
    try Self.withDemo { url, _ in
      let server = try ServeProcess(databaseURL: url)
      #expect(try httpRequest(port: server.port, "GET", "/healthz").status == 200)
      let (code, _, error) = server.stop(SIGINT)
      #expect(code == 0)
      #expect(error.contains("SIGINT"))
    }
  }

  @Test func theJSONLogIsOneObjectPerLine() throws {
    try Self.withDemo { url, _ in
      let server = try ServeProcess(databaseURL: url, arguments: ["--log-format", "json"])
      _ = try httpRequest(port: server.port, "GET", "/healthz")
      _ = try httpRequest(port: server.port, "GET", "/nope")
      let (_, output, _) = server.stop()
      let objects = try output.split(separator: "\n").map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
      #expect(objects.compactMap { $0["status"] as? Int }.sorted() == [200, 404])
    }
  }

  @Test func anUnmigratedDatabaseIsNotReady() throws {
    try TestDatabase.with(.empty) { database in
      let server = try ServeProcess(databaseURL: database.configuration.connectionString)
      let response = try httpRequest(port: server.port, "GET", "/readyz")
      #expect(response.status == 503)
      #expect(response.text.contains("feedctl migrate"))
      #expect(try httpRequest(port: server.port, "GET", "/healthz").status == 200)
      #expect(server.stop().code == 0)
    }
  }

  @Test(arguments: ["8080", "example.com:80", "127.0.0.1:99999"])
  func aBadListenAddressIsAUsageError(_ address: String) throws {
    let process = Process()
    process.executableURL = try FeedctlProcess.executable()
    process.arguments = ["serve", "--listen", address]
    let error = Pipe()
    process.standardError = error
    process.standardOutput = Pipe()
    try process.run()
    let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(text.contains("--listen"))
  }
}
