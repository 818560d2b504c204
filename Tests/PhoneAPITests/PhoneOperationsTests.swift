import Foundation
import HTTPServer
import Testing

/// The operator's routes on the phone API's server: readiness from the database, and metrics
/// that show the database pool, the open event streams and the cache of served feeds.
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

  @Test func metricsShowTheCachesHitsAndMisses() throws {
    try PhoneFixture.with { fixture in
      for _ in 0..<3 { #expect(try fixture.get("/v1/feed").status == 200) }
      let text = try httpRequest(port: fixture.port, "GET", "/metrics").text
      func value(_ series: String) -> Int? {
        text.split(separator: "\n").first { $0.hasPrefix(series + " ") }
          .flatMap { Int($0.split(separator: " ").last ?? "") }
      }
      #expect(value(#"feed_cache_lookups_total{kind="feed",result="miss"}"#) == 1)
      #expect(value(#"feed_cache_lookups_total{kind="feed",result="hit"}"#) == 2)
      #expect(value(#"feed_cache_lookups_total{kind="token",result="hit"}"#) == 2)
      #expect((value("feed_cache_entries") ?? 0) >= 2)
      #expect((value(#"feed_cache_bytes{state="held"}"#) ?? 0) > 0)
      #expect(value("feed_cache_evictions_total") == 0)
    }
  }

  /// Prometheus rates a counter and reads a gauge as it is: each series is typed as what it is.
  @Test func countsSinceTheStartAreTypedAsCounters() throws {
    try PhoneFixture.with { fixture in
      let text = try httpRequest(port: fixture.port, "GET", "/metrics").text
      #expect(text.contains("# TYPE feed_cache_lookups_total counter\n"))
      #expect(text.contains("# TYPE feed_cache_evictions_total counter\n"))
      #expect(text.contains("# TYPE feed_cache_bytes gauge\n"))
    }
  }
}
