import AccountModel
import Postgres

extension AccountStore {
  /// Stores the owner's current feed as a new snapshot, produced by `render` from rows read in
  /// the same transaction.
  ///
  /// It is recorded even when the feed equals the owner's latest snapshot: an explicit snapshot
  /// is the caller's request (often to put a label on the screen as it is now), so it is not
  /// the store's to refuse. Only the snapshots writes record on their own are skipped when
  /// nothing on the screen changed.
  @discardableResult
  public func takeSnapshot(
    owner id: String, render: (FeedRows) throws -> SnapshotContent
  ) throws(AccountStoreError) -> SnapshotInfo {
    try checked { () throws(FieldError) in try FieldRules.ownerID(id) }
    return try retryingTransientFailures {
      try connection.transaction { tx in
        try Self.lockOwners([id], in: tx)
        return try Self.storeSnapshot(
          owner: id, content: try Self.renderNextSnapshot(owner: id, render: render, in: tx), in: tx
        )
      }
    }
  }

  /// Renders the owner's rows as they are inside `tx`. The rows' `lastSnapshotSequence` is
  /// already the number the snapshot will get, for a renderer that wants to name it (the feed
  /// assembler does not: a document's version is its digest).
  static func renderNextSnapshot(
    owner id: String, render: (FeedRows) throws -> SnapshotContent, in tx: PostgresTransaction
  ) throws -> SnapshotContent {
    try renderNext(try readFeedRows(owner: id, in: tx), render: render)
  }

  /// Renders `rows` as the owner's next snapshot, numbered as `renderNextSnapshot` says.
  static func renderNext(
    _ rows: FeedRows, render: (FeedRows) throws -> SnapshotContent
  ) throws -> SnapshotContent {
    var rows = rows
    rows.owner.lastSnapshotSequence += 1
    let content = try render(rows)
    if let label = content.label { try FieldRules.label(label) }
    return content
  }
}
