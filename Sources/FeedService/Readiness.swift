/// What `FeedService.checkReady()` found when the service can serve: the fields `/readyz` adds
/// to its answer, each from a fixed vocabulary, and what the server logs but never answers.
public struct Readiness: Sendable, Equatable {
  /// Where reads go (`reads`: `replica` or `primary`), the replica's lag in bytes
  /// (`replica_lag_bytes`) and, when reads go to the primary, why (`replica`, a
  /// `ReplicaStatus.Problem`). Empty without a replica.
  public let fields: [String: String]
  /// The read replica's failure in its own words, when it failed: for the server's log only.
  public let replicaFailure: FeedServiceError?
}
