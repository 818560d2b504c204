import AccountModel
import Postgres

extension SQLFragment {
  /// The columns `Owner(row:)` reads.
  static let ownerColumns: SQLFragment = "id, display_name, last_snapshot_sequence, created_at"
}

extension Owner {
  init(row: PostgresRow) throws {
    self.init(
      id: try row.decode("id"), displayName: try row.decode("display_name"),
      lastSnapshotSequence: try row.decode("last_snapshot_sequence"),
      createdAt: try row.decode("created_at"))
  }
}

extension Owner {
  /// The owner's part of the feed read (`SQLFragment.feedOwnerPart`), its columns found once per result.
  init(feedRow row: PostgresRow, columns: FeedOwnerColumnPositions) throws {
    self.init(
      id: try row.decode(at: columns.ownerID), displayName: try row.decode(at: columns.displayName),
      lastSnapshotSequence: try row.decode(at: columns.lastSnapshotSequence),
      createdAt: try row.decode(at: columns.createdAt))
  }
}
