import AccountModel
import Postgres

/// The rows of many owners at once, for a batch of snapshots (`AccountStore+SnapshotBatch.swift`).
extension AccountStore {
  /// What `readFeedRows(owner:in:)` reads, for each of `owners`: the owners, their accounts and
  /// their notices, in three statements that `feedRows(from:owners:)` reads the results of.
  /// Accounts and notices are matched with `= ANY(ARRAY(…))`, which PostgreSQL looks up in the
  /// display-order index in the index's order: matched with `IN (…)`, each owner was looked up
  /// in turn and the 5,000 rows of a 500-owner batch sorted again after, which took twice as
  /// long as finding them (10 ms against 3.3 ms a batch).
  static func feedRowsQueries(ofOwners owners: some Collection<String>) -> [PostgresQuery] {
    let list = jsonList(owners)
    return [
      """
      SELECT \(sql: .ownerColumns), now() AS read_at FROM owners
      WHERE id IN (SELECT jsonb_array_elements_text(\(list)))
      """,
      ownersAccountsQuery(list: list),
      ownersRowsQuery(.noticeColumns, from: "notices", list: list),
    ]
  }

  /// The accounts of the owners in `list` as `readFeedRows` reads one owner's: a row per owner
  /// with an array per column (`FeedAccountArrays`), the accounts aggregated in display order.
  /// A row per account cost libpq more to take apart than the rest of a batch's reading.
  static func ownersAccountsQuery(list: PostgresJSONB) -> PostgresQuery {
    ownersRowsQuery(
      .accountWithPlacement, from: "accounts", list: list, aggregating: .accountArrays)
  }

  /// The rows of every one of `owners` out of the results of `feedRowsQueries`, in the owners'
  /// order, accounts and notices in display order.
  static func feedRows(from results: ArraySlice<PostgresRows>, owners: some Collection<String>)
    throws -> [FeedRows]
  {
    let (ownerRows, accountRows, noticeRows) = (
      results[results.startIndex], results[results.startIndex + 1],
      results[results.startIndex + 2]
    )
    var accounts: [String: [Account]] = [:]
    let accountArrays = try FeedAccountArrays(accountRows)
    let accountOwner = try accountRows.index(ofColumn: "owner_id")
    for row in accountRows {
      let owner = try row.decode(at: accountOwner, as: String.self)
      accounts[owner] = try accountArrays.accounts(in: row, owner: owner)
    }
    var notices: [String: [Notice]] = [:]
    let noticeColumns = try NoticeColumnPositions(noticeRows)
    for row in noticeRows {
      let notice = try Notice(row: row, columns: noticeColumns)
      notices[notice.ownerID, default: []].append(notice)
    }
    var rows: [String: FeedRows] = [:]
    for row in ownerRows {
      let owner = try Owner(row: row)
      rows[owner.id] = FeedRows(
        owner: owner, accounts: accounts[owner.id] ?? [], notices: notices[owner.id] ?? [],
        readAt: try row.decode("read_at"))
    }
    return try owners.map { id in
      guard let found = rows[id] else { throw AccountStoreError.notFound("owner '\(id)'") }
      return found
    }
  }

  /// The `columns` of the rows of `table` (`accounts` or `notices`) that belong to the owners
  /// in `list`, by owner and in display order.
  ///
  /// The ids are also bounded by the list's least and greatest (taken by the server, in the
  /// column's own collation, so the bounds order as the index does). They match nothing more,
  /// but without them the planner expects the list to match a hundred rows, reads them through
  /// a bitmap and sorts them again (10.3 ms a 500-owner batch); bounded, it expects a narrow
  /// slice of the index and reads it in order (5.5 ms).
  ///
  /// With `aggregating`, the rows are aggregated by those columns' expressions, a row per owner.
  static func ownersRowsQuery(
    _ columns: SQLFragment, from table: SQLFragment, list: PostgresJSONB,
    aggregating arrays: SQLFragment? = nil
  ) -> PostgresQuery {
    let (head, tail): (SQLFragment, SQLFragment) =
      arrays.map {
        (SQLFragment("SELECT owner_id, ", $0, " FROM ("), ") AS shown GROUP BY owner_id")
      }
      ?? ("", "")
    return """
      WITH wanted AS (SELECT jsonb_array_elements_text(\(list)) AS id)
      \(sql: head)SELECT \(sql: columns) FROM \(sql: table)
      WHERE owner_id = ANY(ARRAY(SELECT id FROM wanted))
        AND owner_id BETWEEN (SELECT min(id) FROM wanted) AND (SELECT max(id) FROM wanted)
      ORDER BY owner_id, \(sql: .displayOrder)\(sql: tail)
      """
  }
}
