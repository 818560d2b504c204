import Postgres

/// Where the owner's columns of the feed read stand in its result.
struct FeedOwnerColumns {
  let ownerID: Int
  let displayName: Int
  let lastSnapshotSequence: Int
  let createdAt: Int
  let readAt: Int

  init(_ rows: PostgresRows) throws {
    ownerID = try rows.index(ofColumn: "owner_id")
    displayName = try rows.index(ofColumn: "display_name")
    lastSnapshotSequence = try rows.index(ofColumn: "last_snapshot_sequence")
    createdAt = try rows.index(ofColumn: "created_at")
    readAt = try rows.index(ofColumn: "read_at")
  }
}
