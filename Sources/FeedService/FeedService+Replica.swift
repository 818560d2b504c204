import AccountStore

extension FeedService {
  /// Whether a read replica is configured.
  public var hasReadReplica: Bool { replica != nil }

  /// The read replica measured now against the primary (nil without a replica). A replica
  /// further behind than `ReplicaOptions.maxLagBytes`, not in recovery, or one that cannot be
  /// asked, is sent no reads until a later measurement finds it caught up. Throws only when the
  /// primary cannot be asked.
  public func replicaStatus() throws -> ReplicaStatus? {
    guard let replica else { return nil }
    let primary = try withStore { try $0.flushedWALPosition() }
    var problem: ReplicaStatus.Problem?
    var failure: FeedServiceError?
    var lag: Int64?
    do {
      lag = try replica.measureLag(primary: primary)
      if let lag, lag > replica.options.maxLagBytes {
        problem = .behind
      } else if lag == nil {
        problem = .notReplica
      }
    } catch {
      failure = FeedServiceError(classifying: error)
      problem = failure?.kind == .unreachable ? .unreachable : .failed
    }
    let reads = replica.reads
    return ReplicaStatus(
      lagBytes: lag, problem: problem, failure: failure, replicaReads: reads.replica,
      primaryReads: reads.primary)
  }

  /// Feed reads the replica answered and reads that went to the primary instead, since the
  /// start (zeros without a replica): which database answers, for `/metrics`.
  public var replicaReads: (replica: Int, primary: Int) {
    replica?.reads ?? (0, 0)
  }
}
