import Foundation
import HTTPServer
import Testing

/// The operator's routes on the phone API's server: readiness from the database, and metrics
/// that show the database pool and the open event streams.
@Suite("Phone API: operations")
struct PhoneOperationsTests {
  @Test func aMigratedDatabaseIsReady() throws {
    try PhoneFixture.with { fixture in
      let response = try httpRequest(port: fixture.port, "GET", "/readyz")
      #expect(response.status == 200)
      #expect(response.json?["status"] as? String == "ready")
    }
  }

  @Test func metricsShowThePoolAndOpenStreams() throws {
    try PhoneFixture.with { fixture in
      let reader = try TestEventReader(
        port: fixture.port, path: "/v1/feed/events", headers: fixture.auth(fixture.demoToken))
      _ = try reader.nextEvent()
      let text = try httpRequest(port: fixture.port, "GET", "/metrics").text
      #expect(text.contains("feed_http_open_streams 1\n"))
      let open = text.split(separator: "\n").first {
        $0.hasPrefix("feed_db_connections{state=\"open\"} ")
      }
      let count = open.flatMap { Int($0.split(separator: " ").last ?? "") }
      #expect((count ?? 0) >= 1)
      #expect(text.contains("feed_db_connections{state=\"in_use\"} "))
    }
  }
}
