import AccountStore

extension FeedService {
  /// Whether the service can serve: the database answers (else its `PostgresError` or
  /// `FeedServiceError.unavailable` is thrown) and has every migration this program carries
  /// (else `FeedServiceError.unavailable`, naming the first missing one).
  ///
  /// A read replica that is down or behind does not make the service unready — every read it
  /// would answer goes to the primary — so it is reported, not thrown (`Readiness`).
  public func checkReady() throws -> Readiness {
    let pending = try withStore { try $0.pendingMigrations() }
    if let first = pending.first {
      throw FeedServiceError.unavailable(
        "the database lacks migration \(first.name)\(pending.count > 1 ? " and \(pending.count - 1) more" : ""); run 'feedctl migrate'"
      )
    }
    guard let status = try replicaStatus() else {
      return Readiness(fields: [:], replicaFailure: nil)
    }
    var fields = ["reads": status.servesReads ? "replica" : "primary"]
    fields["replica_lag_bytes"] = status.lagBytes.map(String.init)
    fields["replica"] = status.problem?.rawValue
    return Readiness(fields: fields, replicaFailure: status.failure)
  }
}
