/// Where a service's feed reads go and why, for `/readyz` and `/metrics`: an operator sees a
/// replica that is down or behind, while the server goes on serving from the primary.
public struct ReplicaStatus: Sendable, Equatable {
  /// Why reads go to the primary, in a fixed vocabulary: `/readyz` answers anyone who asks, so
  /// it never quotes the replica's own failure (its user, host, socket path, port, PostgreSQL's
  /// text) — that is `failure`, for the server's log.
  public enum Problem: String, Sendable, CaseIterable {
    case unreachable = "the read replica cannot be reached; reads go to the primary"
    case notReplica =
      "the read replica is not in recovery (promoted, or a primary); reads go to the primary"
    case behind = "the read replica is too far behind; reads go to the primary"
    case failed = "the read replica failed to answer; reads go to the primary"
  }

  /// Whether reads go to the replica now (false: to the primary).
  public var servesReads: Bool { problem == nil }
  /// How many bytes of the primary's log the replica has yet to replay; nil when it could not
  /// be asked.
  public let lagBytes: Int64?
  /// Why reads go to the primary, when they do.
  public let problem: Problem?
  /// The replica's failure in its own words, when it failed: for the server's log only.
  public let failure: FeedServiceError?
  /// Reads the replica answered, and reads that went to the primary instead, since the start.
  public let replicaReads: Int
  public let primaryReads: Int
}
