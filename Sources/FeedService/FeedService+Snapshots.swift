import AccountModel
import AccountStore
import Foundation

extension FeedService {
  /// Stores every owner's current feed as a snapshot, in one process, `batchSize` owners per
  /// transaction (so a long run holds no owner's lock for longer than its batch, and a failure
  /// loses only the batch it happened in: see `SnapshotRunError`), and returns how many it
  /// took; `progress` hears of each once its batch has committed. A second connection from the
  /// pool, when one is free at once, lets one batch be drawn while the server stores the one
  /// before (`AccountStore.takeSnapshotOfEveryOwner(alongside:)`).
  @discardableResult
  public func takeSnapshotOfEveryOwner(
    label: String?, batchSize: Int = AccountStore.snapshotBatchSize,
    progress: (SnapshotInfo) -> Void = { _ in }
  ) throws -> Int {
    let (assembler, fingerprint) = (self.assembler, self.fingerprint)
    return try withStore { store in
      try pool.withSpareStore { other in
        try store.takeSnapshotOfEveryOwner(
          batchSize: batchSize, alongside: other,
          render: { rows in
            try assembler.snapshotContent(
              for: rows, label: label, reason: "snapshot", renderer: fingerprint)
          },
          progress: progress)
      }
    }
  }

  /// Removes the snapshots a retention policy lets go — not among each screen's newest
  /// `keepLast` and taken before `keepSince` — of one owner or every owner, and the item nodes
  /// nothing refers to any more; a dry run reports the same and changes nothing.
  public func pruneSnapshots(owner: String?, keepLast: Int?, keepSince: Date?, dryRun: Bool)
    throws -> PruneResult
  {
    try store().pruneSnapshots(
      owner: owner, retention: try SnapshotRetention(keepLast: keepLast, keepSince: keepSince),
      dryRun: dryRun)
  }

  /// Checks a retention policy before any database is asked: at least one limit, and a
  /// `keepLast` of at least 1.
  public static func checkRetention(keepLast: Int?, keepSince: Date?) throws(FieldError) {
    _ = try SnapshotRetention(keepLast: keepLast, keepSince: keepSince)
  }
}
