import FeedComponents

extension Router {
  /// The routes an operator's tools ask: `/healthz` (the process answers), `/readyz` (what
  /// `ready` checks — for the feed server, the database is reachable and migrated) and
  /// `/metrics` (Prometheus text).
  public mutating func addOperations(
    metrics: ServerMetrics, ready: @escaping @Sendable () throws -> Void
  ) {
    add("GET", "/healthz") { _ in .json(["status": "ok"]) }
    add("GET", "/readyz") { _ in
      do {
        try ready()
      } catch {
        throw HTTPError(.serviceUnavailable, code: "not_ready", "\(error)")
      }
      return .json(["status": "ready"])
    }
    add("GET", "/metrics") { _ in
      .text(metrics.exposition(), contentType: "text/plain; version=0.0.4; charset=utf-8")
    }
  }
}
