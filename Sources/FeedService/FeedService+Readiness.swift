import AccountStore

extension FeedService {
  /// Whether the service can serve: the database answers (else its `PostgresError` or
  /// `FeedServiceError.unavailable` is thrown) and has every migration this program carries
  /// (else `FeedServiceError.unavailable`, naming the first missing one).
  ///
  /// A read replica that is down or behind does not make the service unready — every read it
  /// would answer goes to the primary — so it is reported, not thrown: the fields returned say
  /// where reads go (`reads`: `replica` or `primary`), the replica's lag in bytes and, when
  /// reads go to the primary, why. Without a replica there are none.
  @discardableResult
  public func checkReady() throws -> [String: String] {
    let pending = try withStore { try $0.pendingMigrations() }
    if let first = pending.first {
      throw FeedServiceError.unavailable(
        "the database lacks migration \(first.name)\(pending.count > 1 ? " and \(pending.count - 1) more" : ""); run 'feedctl migrate'"
      )
    }
    guard let status = try replicaStatus() else { return [:] }
    var fields = ["reads": status.servesReads ? "replica" : "primary"]
    fields["replica_lag_bytes"] = status.lagBytes.map(String.init)
    fields["replica"] = status.problem
    return fields
  }
}
