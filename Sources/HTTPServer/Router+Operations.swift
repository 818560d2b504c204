import FeedComponents

extension Router {
  /// The routes an operator's tools ask: `/healthz` (the process answers), `/readyz` (what
  /// `ready` checks — for the feed server, the database is reachable and migrated) and
  /// `/metrics` (Prometheus text). Each answer is about this moment, so none may be stored
  /// (`Cache-Control: no-store`). `/healthz` and `/metrics` never wait, so they run on the
  /// network thread and answer even while every worker is busy; `/readyz` asks the database.
  ///
  /// When `ready` throws an `HTTPError` its message is the answer's (the front end chose words
  /// a client may read); anything else may quote internals (a database user, socket or port),
  /// so it is logged and the answer only says to read the log.
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
    add("GET", "/healthz", blocking: false) { _ in .json(["status": "ok"], headers: Self.noStore) }
    add("GET", "/readyz") { _ in
      let fields: [String: String]
      do {
        fields = try ready()
      } catch let error as HTTPError {
        throw HTTPError(
          .serviceUnavailable, code: "not_ready", error.message,
          headers: ["Cache-Control": "no-store"])
      } catch {
        HTTPError.log(error, as: "not ready")
        throw HTTPError(
          .serviceUnavailable, code: "not_ready", "the server is not ready; its log says why",
          headers: ["Cache-Control": "no-store"])
      }
      return .json(
        .object(fields.mapValues(JSONValue.string).merging(["status": "ready"]) { $1 }),
        headers: Self.noStore)
    }
    add("GET", "/metrics", blocking: false) { _ in
      var response = HTTPResponse.text(
        metrics.exposition(), contentType: "text/plain; version=0.0.4; charset=utf-8")
      response.headers += Self.noStore
      return response
    }
  }

  private static let noStore: [(name: String, value: String)] = [("Cache-Control", "no-store")]
}
