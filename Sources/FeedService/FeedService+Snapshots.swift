import AccountStore

extension FeedService {
  /// Stores every owner's current feed as a snapshot, in one process on one connection, one
  /// owner per transaction (so a long run holds no owner's lock for longer than its own
  /// snapshot), and returns how many it took; `progress` hears of each.
  @discardableResult
  public func takeSnapshotOfEveryOwner(
    label: String?, progress: (SnapshotInfo) -> Void = { _ in }
  ) throws -> Int {
    let store = try store()
    var count = 0
    for owner in try store.owners() {
      progress(try takeSnapshot(owner: owner.id, label: label))
      count += 1
    }
    return count
  }

  /// Removes the snapshots `retention` lets go, of one owner or every owner, and the item
  /// nodes nothing refers to any more; a dry run reports the same and changes nothing.
  public func pruneSnapshots(owner: String?, retention: SnapshotRetention, dryRun: Bool) throws
    -> PruneResult
  {
    try store().pruneSnapshots(owner: owner, retention: retention, dryRun: dryRun)
  }
}
