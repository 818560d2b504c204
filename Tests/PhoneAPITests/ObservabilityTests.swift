import AccountFeedTestSupport
import Foundation
import HTTPServer
import Testing

/// What operators read: one log line per request, `/metrics`, `/healthz` and `/readyz`.
@Suite("Logs, metrics and health")
struct ObservabilityTests {
  private static func hello(_ router: inout Router) {
    router.add("GET", "/hello") { _ in .json([:]) }
  }

  private static func failingReadiness(_ router: inout Router) {
    router.addOperations(metrics: ServerMetrics()) {
      throw HTTPError.unavailable("database unreachable")
    }
  }

  private static func routes(_ metrics: ServerMetrics) -> (inout Router) -> Void {
    { router in
      router.add("GET", "/hello") { _ in .json(["hello": "world"]) }
      router.addOperations(metrics: metrics) {}
    }
  }

  @Test func eachRequestIsOneTextLogLineWithoutItsQuery() throws {
    let lines = LogLines()
    let log = RequestLog(format: .text) { lines.append($0) }
    try withServer(log: log, routes: Self.hello) { _, port in
      _ = try httpRequest(
        port: port, "GET", "/hello?secret=1", headers: ["Authorization": "Bearer hunter2"])
      _ = try httpRequest(port: port, "GET", "/missing")
      let logged = lines.waitFor(2)
      #expect(logged.count == 2)
      #expect(logged.contains { $0.contains(" 127.0.0.1 GET /hello 200 ") })
      #expect(logged.contains { $0.contains(" 127.0.0.1 GET /missing 404 ") })
      #expect(!logged.joined().contains("secret") && !logged.joined().contains("hunter2"))
    }
  }

  @Test func aPathCannotForgeALineOrShiftTheFieldsOfTheTextLog() throws {
    let lines = LogLines()
    let log = RequestLog(format: .text) { lines.append($0) }
    try withServer(log: log, routes: Self.hello) { _, port in
      _ = try httpRequest(port: port, "GET", "/x%0A2026-01-01T00:00:00Z%20GET%20/hello%20200")
      let logged = try #require(lines.waitFor(1).first)
      #expect(!logged.contains("\n"))
      #expect(logged.contains(" GET /x%0A2026-01-01T00:00:00Z%20GET%20/hello%20200 404 "))
    }
  }

  @Test func theJSONLogIsOneObjectPerRequest() throws {
    let lines = LogLines()
    let log = RequestLog(format: .json) { lines.append($0) }
    try withServer(log: log, routes: Self.hello) { _, port in
      _ = try httpRequest(port: port, "POST", "/hello")
      let line = try #require(lines.waitFor(1).first)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["method"] as? String == "POST")
      #expect(object["path"] as? String == "/hello")
      #expect(object["status"] as? Int == 405)
      #expect(object["ms"] is NSNumber)
      #expect(object["time"] is String)
    }
  }

  @Test func metricsCountRequestsByRouteAndStatus() throws {
    let metrics = ServerMetrics()
    var router = Router()
    Self.routes(metrics)(&router)
    let server = HTTPServer(router: router, metrics: metrics)
    let port = try server.start(try ListenAddress("127.0.0.1:0")).port
    defer { server.stop() }
    for _ in 0..<3 { _ = try httpRequest(port: port, "GET", "/hello") }
    _ = try httpRequest(port: port, "DELETE", "/hello")
    _ = try httpRequest(port: port, "GET", "/nope")
    #expect(eventually { server.requestsInProgress == 0 })
    let text = try httpRequest(port: port, "GET", "/metrics").text
    #expect(text.contains("feed_http_requests_total{route=\"/hello\",status=\"200\"} 3\n"))
    #expect(text.contains("feed_http_requests_total{route=\"/hello\",status=\"405\"} 1\n"))
    #expect(text.contains("feed_http_requests_total{route=\"unmatched\",status=\"404\"} 1\n"))
    #expect(text.contains("feed_http_request_duration_seconds_count{route=\"/hello\"} 4\n"))
    #expect(
      text.contains("feed_http_request_duration_seconds_bucket{route=\"/hello\",le=\"+Inf\"} 4\n"))
    #expect(text.contains("feed_http_open_streams 0\n"))
  }

  @Test func healthzAnswersWithoutAnyDatabase() throws {
    let metrics = ServerMetrics()
    try withServer(routes: Self.routes(metrics)) { _, port in
      let response = try httpRequest(port: port, "GET", "/healthz")
      #expect(response.status == 200)
      #expect(response.json?["status"] as? String == "ok")
    }
  }

  @Test func readyzIs503WithTheReasonWhenTheCheckFails() throws {
    try withServer(routes: Self.failingReadiness) { _, port in
      let response = try httpRequest(port: port, "GET", "/readyz")
      #expect(response.status == 503)
      #expect(response.errorCode == "not_ready")
      #expect(response.text.contains("database unreachable"))
    }
  }

  @Test func readinessNeverQuotesAnErrorThatIsNotWordedForClients() throws {
    let routes: (inout Router) -> Void = { router in
      router.addOperations(metrics: ServerMetrics()) {
        throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: "/secret/socket"])
      }
    }
    try withServer(routes: routes) { _, port in
      let response = try httpRequest(port: port, "GET", "/readyz")
      #expect(response.status == 503)
      #expect(!response.text.contains("secret"))
    }
  }

  @Test(arguments: ["/healthz", "/readyz", "/metrics"])
  func operationsAnswersAreNeverStored(_ path: String) throws {
    try withServer(routes: Self.routes(ServerMetrics())) { _, port in
      let response = try httpRequest(port: port, "GET", path)
      #expect(response.headers["cache-control"] == "no-store")
    }
  }
}
