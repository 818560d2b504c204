import AccountModel
import Foundation

/// Which snapshots `AccountStore.pruneSnapshots` removes: those outside both limits given —
/// not among each screen's newest `keepLast` and taken before `keepSince`. A labelled snapshot
/// and each screen's latest (what the next write builds on) are always kept.
///
/// A retention names at least one limit, and `keepLast` is at least 1: a policy with no limit or
/// keeping nothing is refused here, once, whichever front end asked for it.
public struct SnapshotRetention: Hashable, Sendable {
  public let keepLast: Int?
  public let keepSince: Date?

  public init(keepLast: Int? = nil, keepSince: Date? = nil) throws(FieldError) {
    guard keepLast != nil || keepSince != nil else {
      throw FieldError(
        field: "retention",
        reason:
          "name how many snapshots to keep, from when, or both; without a limit nothing is pruned"
      )
    }
    if let keepLast, keepLast < 1 {
      throw FieldError(
        field: "keep-last",
        reason: "\(keepLast): keep at least 1 (each screen's latest is always kept)")
    }
    self.keepLast = keepLast
    self.keepSince = keepSince
  }

  /// Whether the snapshot at `index` of a screen's `count`, taken at `takenAt`, stays.
  func keeps(index: Int, of count: Int, takenAt: Date, labelled: Bool) -> Bool {
    if labelled || index == count - 1 { return true }
    if let keepLast, index >= count - keepLast { return true }
    if let keepSince, takenAt >= keepSince { return true }
    return false
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
