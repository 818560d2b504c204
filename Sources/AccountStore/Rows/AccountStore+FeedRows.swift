import AccountModel
import Postgres

extension AccountStore {
  /// Reads the owner's rows in one statement (see `SQLFragment.feedRows`): the owner's row first,
  /// with the accounts as arrays (`FeedAccountArrays`), then the notices, each in display
  /// order. Inside a transaction it sees what the transaction sees, and `readAt` is the
  /// transaction's clock.
  ///
  /// The owner's id is one parameter the parts compare with. Where owners are alike,
  /// PostgreSQL soon keeps one generic plan for the prepared statement, so a small feed costs no
  /// planning (planning the three parts took longer than running them); where one owner holds
  /// most of the table, it plans each read for the owner asked for, and a small owner's rows are
  /// still read through the index. (Hiding the id from the planner, as `(SELECT $1)` did, made
  /// every read a read for the average owner: 10 ms and a scan of the whole table for a
  /// 10-account owner beside one of 100,000.)
  static func readFeedRows(owner id: String, in database: some PostgresQueryable) throws -> FeedRows
  {
    var bindings = PostgresBindings()
    bindings.append(id)
    return try feedRows(
      owner: id, from: try database.query(PostgresQuery(.feedRows, bindings: bindings)))
  }

  /// The owner's rows out of the result of `SQLFragment.feedRows` (or a statement that extends
  /// its parts with columns of its own, as `servedFeedRows` does).
  static func feedRows(owner id: String, from rows: PostgresRows) throws -> FeedRows {
    let part = try rows.index(ofColumn: "part")
    guard let ownerRow = rows.first, try ownerRow.decode(at: part, as: Int32.self) == 0 else {
      throw AccountStoreError.notFound("owner '\(id)'")
    }
    let noticeColumns = try NoticeColumnPositions(rows)
    let notices = try rows.dropFirst().map { try Notice(row: $0, columns: noticeColumns) }
    let ownerColumns = try FeedOwnerColumnPositions(rows)
    let owner = try Owner(feedRow: ownerRow, columns: ownerColumns)
    return FeedRows(
      owner: owner,
      accounts: try FeedAccountArrays(rows).accounts(in: ownerRow, owner: owner.id),
      notices: notices, readAt: try ownerRow.decode(at: ownerColumns.readAt))
  }
}

extension SQLFragment {
  /// The statement `AccountStore.readFeedRows(owner:in:)` runs, its owner id bound as `$1`:
  /// written once, so a read neither builds its text nor binds the id once per part
  /// (`SkewedOwnerTests` checks its plan).
  static let feedRows = SQLFragment(
    "SELECT ", feedOwnerPart, " FROM owners CROSS JOIN LATERAL (SELECT ", accountArrays,
    " FROM (SELECT ", accountWithPlacement, " FROM accounts WHERE owner_id = $1 ORDER BY ",
    displayOrder, ") AS shown) AS listed WHERE owners.id = $1 UNION ALL SELECT ", feedNoticePart,
    " FROM notices WHERE owner_id = $1 ORDER BY part, ", displayOrder)

  /// The two parts of the feed read, one `UNION ALL` of typed rows: `part` says which (0 the
  /// owner, 1 a notice) and every part has every column, NULL where it is not its own. The
  /// owner's row carries the accounts as arrays (`accountArrays`, see `FeedAccountArrays`);
  /// its id is its `owner_id`, and `read_at` is the database's clock.
  static let feedOwnerPart: SQLFragment = """
    0 AS part, owners.id AS owner_id, display_name, last_snapshot_sequence, created_at, \
    now() AS read_at, NULL::bigint AS id, NULL::integer AS position, NULL::bigint AS placement, \
    NULL::bigint AS version, NULL::timestamptz AS updated_at, NULL::text AS message, \
    NULL::text AS severity, NULL::boolean AS dismissible, NULL::timestamptz AS active_from, \
    NULL::timestamptz AS active_until, NULL::timestamptz AS dismissed_at, \
    account_ids, account_names, account_kinds, account_balances, account_currencies, \
    account_positions, account_placements, account_hidden, account_versions, \
    account_created_at, account_updated_at
    """
  /// The notices' part of the feed read, its columns in the owner part's order.
  static let feedNoticePart: SQLFragment = """
    1, owner_id, NULL, NULL, created_at, NULL, id, position, placement, version, updated_at, \
    message, severity, dismissible, active_from, active_until, dismissed_at, \
    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    """
  /// What the subquery `shown` lists of each account, in display order, for `accountArrays` to
  /// aggregate: its columns and its placement, with which the order is checked.
  static let accountWithPlacement = SQLFragment(accountColumns, ", placement")
  /// The owner's accounts as arrays, aggregated from `shown`, a subquery that lists them in
  /// display order.
  static let accountArrays: SQLFragment = """
    array_agg(id) AS account_ids, array_agg(name) AS account_names, \
    array_agg(kind) AS account_kinds, array_agg(balance_minor) AS account_balances, \
    array_agg(currency) AS account_currencies, array_agg(position) AS account_positions, \
    array_agg(placement) AS account_placements, array_agg(hidden) AS account_hidden, \
    array_agg(version) AS account_versions, array_agg(created_at) AS account_created_at, \
    array_agg(updated_at) AS account_updated_at
    """
}
