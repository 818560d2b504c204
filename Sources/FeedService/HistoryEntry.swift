import AccountStore
import FeedDiff
import FeedVocabulary

/// One snapshot of an owner's history and what changed at it, counted against the screen's
/// snapshot before (the first against an empty feed).
public struct HistoryEntry: Sendable {
  public let info: SnapshotInfo
  public let summary: ChangeSummary
}
