import AccountStore
import FeedService
import Foundation
import HTTPServer
import PhoneAPI
import Postgres
import Testing

/// A database that cannot be reached is 503 with a JSON body, never a hang or a 500.
@Suite("Phone API: database down")
struct DatabaseDownTests {
  private static let wellFormedToken = "af_" + String(repeating: "A", count: 43)

  private static func withUnreachable<Result>(_ body: (Int) throws -> Result) throws -> Result {
    let configuration = PostgresConfiguration(
      "host=/nonexistent-accountfeed-socket port=1 dbname=none connect_timeout=1")
    let service = FeedService { try AccountStore(configuration) }
    let metrics = ServerMetrics()
    let server = HTTPServer(
      router: PhoneAPI(service: service, events: nil).router(metrics: metrics), metrics: metrics)
    let port = try server.start(try ListenAddress("127.0.0.1:0")).port
    ContractCheck.watch(port)
    defer {
      ContractCheck.unwatch(port)
      server.stop()
    }
    return try body(port)
  }

  @Test func theFeedIs503() throws {
    try Self.withUnreachable { port in
      let response = try httpRequest(
        port: port, "GET", "/v1/feed", headers: ["Authorization": "Bearer \(Self.wellFormedToken)"])
      #expect(response.status == 503)
      #expect(response.errorCode == "unavailable")
      #expect(response.headers["retry-after"] == "1")
    }
  }

  @Test func readinessIs503AndHealthIs200() throws {
    try Self.withUnreachable { port in
      let ready = try httpRequest(port: port, "GET", "/readyz")
      let health = try httpRequest(port: port, "GET", "/healthz")
      #expect(ready.status == 503)
      #expect(!ready.text.contains("nonexistent-accountfeed-socket"))
      #expect(health.status == 200)
    }
  }
}
