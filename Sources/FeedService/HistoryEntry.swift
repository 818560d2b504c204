import AccountStore
import FeedDiff

/// One snapshot of an owner's history and what changed at it, counted against the screen's
/// snapshot before (the first against an empty feed).
public struct HistoryEntry: Sendable {
  public let info: SnapshotInfo
  public let summary: ChangeSummary

  init(info: SnapshotInfo, summary: SnapshotSummary) {
    self.info = info
    self.summary = ChangeSummary(
      added: summary.added, changed: summary.changed, removed: summary.removed,
      moved: summary.moved)
  }
}
