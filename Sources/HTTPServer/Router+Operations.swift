import FeedComponents

extension Router {
  /// The routes an operator's tools ask: `/healthz` (the process answers), `/readyz` (what
  /// `ready` checks — for the feed server, the database is reachable and migrated) and
  /// `/metrics` (Prometheus text).
  public mutating func addOperations(
    metrics: ServerMetrics, ready: @escaping @Sendable () throws -> Void
  ) {
    addOperationsReporting(metrics: metrics) {
      try ready()
      return [:]
    }
  }

  /// The same routes for a server that is ready in more than one way: `ready` returns fields
  /// `/readyz` adds to its answer (a feed server says where its reads go), and throws when the
  /// server cannot serve at all. (A name of its own: a trailing closure that only throws would
  /// fit either.)
  public mutating func addOperationsReporting(
    metrics: ServerMetrics, ready: @escaping @Sendable () throws -> [String: String]
  ) {
    add("GET", "/healthz") { _ in .json(["status": "ok"]) }
    add("GET", "/readyz") { _ in
      let fields: [String: String]
      do {
        fields = try ready()
      } catch {
        throw HTTPError(.serviceUnavailable, code: "not_ready", "\(error)")
      }
      return .json(.object(fields.mapValues(JSONValue.string).merging(["status": "ready"]) { $1 }))
    }
    add("GET", "/metrics") { _ in
      .text(metrics.exposition(), contentType: "text/plain; version=0.0.4; charset=utf-8")
    }
  }
}
