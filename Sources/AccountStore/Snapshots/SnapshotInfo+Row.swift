import AccountModel
import FeedVocabulary
import Postgres

extension SQLFragment {
  /// The columns `SnapshotInfo(row:)` reads.
  static let snapshotInfoColumns: SQLFragment =
    "owner_id, sequence, taken_at, label, reason, digest, screen, added, changed, removed, moved"
}

extension SnapshotInfo {
  init(row: PostgresRow) throws {
    self.init(
      ownerID: try row.decode("owner_id"), sequence: try row.decode("sequence"),
      takenAt: try row.decode("taken_at"), label: try row.decode("label"),
      reason: try row.decode("reason"), digest: try row.decode("digest"),
      screen: try row.decode("screen"),
      summary: try row.decode("added", as: Int32?.self).map { added in
        ChangeSummary(
          added: Int(added), changed: Int(try row.decode("changed", as: Int32.self)),
          removed: Int(try row.decode("removed", as: Int32.self)),
          moved: Int(try row.decode("moved", as: Int32.self)))
      })
  }
}
