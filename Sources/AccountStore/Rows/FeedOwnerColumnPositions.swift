import Postgres

/// Where the owner's columns of the feed read stand in its result.
struct FeedOwnerColumnPositions: ColumnPositions {
  let ownerID: Int
  let displayName: Int
  let lastSnapshotSequence: Int
  let createdAt: Int
  let readAt: Int

  init(_ columns: [PostgresColumn]) throws {
    func index(_ name: String) throws -> Int { try PostgresRows.index(ofColumn: name, in: columns) }
    ownerID = try index("owner_id")
    displayName = try index("display_name")
    lastSnapshotSequence = try index("last_snapshot_sequence")
    createdAt = try index("created_at")
    readAt = try index("read_at")
  }
}
