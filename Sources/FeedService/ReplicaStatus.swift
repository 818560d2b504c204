/// Where a service's feed reads go and why, for `/readyz` and `/metrics`: an operator sees a
/// replica that is down or behind, while the server goes on serving from the primary.
public struct ReplicaStatus: Sendable, Equatable {
  /// Whether reads go to the replica now (false: to the primary).
  public let servesReads: Bool
  /// How many bytes of the primary's log the replica has yet to replay; nil when it could not
  /// be asked.
  public let lagBytes: Int64?
  /// Why reads go to the primary, when they do.
  public let problem: String?
  /// Reads the replica answered, and reads that went to the primary instead, since the start.
  public let replicaReads: Int
  public let primaryReads: Int
}
