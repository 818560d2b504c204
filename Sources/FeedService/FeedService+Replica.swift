import AccountStore

extension FeedService {
  /// Whether a read replica is configured.
  public var hasReadReplica: Bool { replica != nil }

  /// The read replica measured now against the primary (nil without a replica). A replica
  /// further behind than `ReplicaOptions.maxLagBytes`, or one that cannot be asked, is sent no
  /// reads until a later measurement finds it caught up. Throws only when the primary cannot
  /// be asked.
  public func replicaStatus() throws -> ReplicaStatus? {
    guard let replica else { return nil }
    let primary = try withStore { try $0.flushedWALPosition() }
    var problem: String?
    var lag: Int64?
    do {
      let measured = try replica.measureLag(primary: primary)
      lag = measured
      if measured > replica.options.maxLagBytes {
        problem =
          "the read replica is \(measured) bytes of log behind (more than \(replica.options.maxLagBytes)); reads go to the primary"
      }
    } catch {
      problem =
        "the read replica cannot be read (\(FeedServiceError(classifying: error).message)); reads go to the primary"
    }
    let reads = replica.reads
    return ReplicaStatus(
      servesReads: problem == nil, lagBytes: lag, problem: problem,
      replicaReads: reads.replica, primaryReads: reads.primary)
  }

  /// Feed reads the replica answered and reads that went to the primary instead, since the
  /// start (zeros without a replica): which database answers, for `/metrics`.
  public var replicaReads: (replica: Int, primary: Int) {
    replica?.reads ?? (0, 0)
  }
}
