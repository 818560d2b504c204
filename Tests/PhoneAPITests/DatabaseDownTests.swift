import Foundation
import Testing

/// A database that cannot be reached is 503 with a JSON body, never a hang or a 500.
@Suite("Phone API: database down")
struct DatabaseDownTests {
  private static let wellFormedToken = "af_" + String(repeating: "A", count: 43)

  @Test func theFeedIs503() throws {
    try withPhoneAPIOnUnreachableDatabase { port in
      let response = try httpRequest(
        port: port, "GET", "/v1/feed", headers: ["Authorization": "Bearer \(Self.wellFormedToken)"])
      response.expectRetryLater(503, code: "unavailable")
    }
  }

  @Test func readinessIs503AndHealthIs200() throws {
    try withPhoneAPIOnUnreachableDatabase { port in
      let ready = try httpRequest(port: port, "GET", "/readyz")
      let health = try httpRequest(port: port, "GET", "/healthz")
      #expect(ready.status == 503)
      #expect(!ready.text.contains("nonexistent-accountfeed-socket"))
      #expect(health.status == 200)
    }
  }
}
