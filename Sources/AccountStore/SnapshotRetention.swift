import Foundation

/// Which snapshots `AccountStore.pruneSnapshots` removes: those outside both limits given —
/// not among each screen's newest `keepLast` and taken before `keepSince`. A labelled snapshot
/// and each screen's latest (what the next write builds on) are always kept.
public struct SnapshotRetention: Hashable, Sendable {
  public var keepLast: Int?
  public var keepSince: Date?

  public init(keepLast: Int? = nil, keepSince: Date? = nil) {
    self.keepLast = keepLast
    self.keepSince = keepSince
  }

  /// Whether the snapshot at `index` of a screen's `count`, taken at `takenAt`, stays.
  func keeps(index: Int, of count: Int, takenAt: Date, labelled: Bool) -> Bool {
    if labelled || index == count - 1 { return true }
    if let keepLast, index >= count - keepLast { return true }
    if let keepSince, takenAt >= keepSince { return true }
    return keepLast == nil && keepSince == nil
  }
}

/// What a prune removed (or, in a dry run, would remove).
public struct PruneResult: Hashable, Sendable {
  public var snapshots: Int
  /// Item nodes no remaining snapshot refers to.
  public var items: Int

  public init(snapshots: Int, items: Int) {
    self.snapshots = snapshots
    self.items = items
  }
}
