import AccountModel
import Postgres

/// How each model is read from its table's columns; the column lists are kept next to the
/// decoders so a query and its decoding cannot drift apart.
enum Columns {
  static let owner = "id, display_name, last_snapshot_sequence, created_at"
  static let account =
    "id, owner_id, name, kind, balance_minor, currency, position, hidden, version, created_at, updated_at"
  static let notice = """
    id, owner_id, message, severity, dismissible, active_from, active_until, position, \
    dismissed_at, version, created_at, updated_at
    """
  static let snapshotInfo =
    "owner_id, sequence, taken_at, label, reason, digest, screen, added, changed, removed, moved"
  /// The two parts of the feed read, one `UNION ALL` of typed rows: `part` says which (0 the
  /// owner, 1 a notice) and every part has every column, NULL where it is not its own. The
  /// owner's row carries the accounts as arrays (`accountArrays`, see `FeedAccountArrays`);
  /// its id is its `owner_id`, and `read_at` is the database's clock.
  static let feedOwner = """
    0 AS part, owners.id AS owner_id, display_name, last_snapshot_sequence, created_at, \
    now() AS read_at, NULL::bigint AS id, NULL::integer AS position, NULL::bigint AS placement, \
    NULL::bigint AS version, NULL::timestamptz AS updated_at, NULL::text AS message, \
    NULL::text AS severity, NULL::boolean AS dismissible, NULL::timestamptz AS active_from, \
    NULL::timestamptz AS active_until, NULL::timestamptz AS dismissed_at, \
    account_ids, account_names, account_kinds, account_balances, account_currencies, \
    account_positions, account_placements, account_hidden, account_versions, \
    account_created_at, account_updated_at
    """
  static let feedNotice = """
    1, owner_id, NULL, NULL, created_at, NULL, id, position, placement, version, updated_at, \
    message, severity, dismissible, active_from, active_until, dismissed_at, \
    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    """
  /// What the subquery `shown` lists of each account, in display order, for `accountArrays` to
  /// aggregate: its columns and its placement, with which the order is checked.
  static let accountWithPlacement = account + ", placement"
  /// The owner's accounts as arrays, aggregated from `shown`, a subquery that lists them in
  /// display order.
  static let accountArrays = """
    array_agg(id) AS account_ids, array_agg(name) AS account_names, \
    array_agg(kind) AS account_kinds, array_agg(balance_minor) AS account_balances, \
    array_agg(currency) AS account_currencies, array_agg(position) AS account_positions, \
    array_agg(placement) AS account_placements, array_agg(hidden) AS account_hidden, \
    array_agg(version) AS account_versions, array_agg(created_at) AS account_created_at, \
    array_agg(updated_at) AS account_updated_at
    """
  /// How an owner's accounts and notices are shown: by position, and among rows at the same
  /// position the most recently placed first (`SQL/004_placements.sql`), so placing a row at
  /// position P puts it before every row already there.
  static let displayOrder = "position, placement DESC"
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
  /// The owner's part of the feed read (`Columns.feedOwner`), its columns found once per result.
  init(feedRow row: PostgresRow, columns: FeedOwnerColumns) throws {
    self.init(
      id: try row.decode(at: columns.ownerID), displayName: try row.decode(at: columns.displayName),
      lastSnapshotSequence: try row.decode(at: columns.lastSnapshotSequence),
      createdAt: try row.decode(at: columns.createdAt))
  }
}

extension Account {
  init(row: PostgresRow) throws {
    try self.init(row: row, columns: AccountColumns(row))
  }

  /// An account from a row whose columns were found once for the whole result, as a result of
  /// many accounts reads them.
  init(row: PostgresRow, columns: AccountColumns) throws {
    let code: String = try row.decode(at: columns.currency)
    guard let currency = Currency(code: code) else {
      throw AccountStoreError.invalid(
        field: "currency", reason: "stored code '\(code)' is not ISO 4217")
    }
    self.init(
      id: try row.decode(at: columns.id), ownerID: try row.decode(at: columns.ownerID),
      name: try row.decode(at: columns.name), kind: try row.decode(at: columns.kind),
      balance: Money(minorUnits: try row.decode(at: columns.balanceMinor), currency: currency),
      position: try row.decode(at: columns.position), hidden: try row.decode(at: columns.hidden),
      version: try row.decode(at: columns.version),
      createdAt: try row.decode(at: columns.createdAt),
      updatedAt: try row.decode(at: columns.updatedAt))
  }
}

extension Notice {
  init(row: PostgresRow) throws {
    try self.init(row: row, columns: NoticeColumns(row))
  }

  /// A notice from a row whose columns were found once for the whole result.
  init(row: PostgresRow, columns: NoticeColumns) throws {
    let severity: String = try row.decode(at: columns.severity)
    self.init(
      id: try row.decode(at: columns.id), ownerID: try row.decode(at: columns.ownerID),
      message: try row.decode(at: columns.message),
      severity: NoticeSeverity(rawValue: severity) ?? .info,
      dismissible: try row.decode(at: columns.dismissible),
      activeFrom: try row.decode(at: columns.activeFrom),
      activeUntil: try row.decode(at: columns.activeUntil),
      position: try row.decode(at: columns.position),
      dismissedAt: try row.decode(at: columns.dismissedAt),
      version: try row.decode(at: columns.version),
      createdAt: try row.decode(at: columns.createdAt),
      updatedAt: try row.decode(at: columns.updatedAt))
  }
}

extension SnapshotInfo {
  init(row: PostgresRow) throws {
    self.init(
      ownerID: try row.decode("owner_id"), sequence: try row.decode("sequence"),
      takenAt: try row.decode("taken_at"), label: try row.decode("label"),
      reason: try row.decode("reason"), digest: try row.decode("digest"),
      screen: try row.decode("screen"),
      summary: try row.decode("added", as: Int32?.self).map { added in
        SnapshotSummary(
          added: Int(added), changed: Int(try row.decode("changed", as: Int32.self)),
          removed: Int(try row.decode("removed", as: Int32.self)),
          moved: Int(try row.decode("moved", as: Int32.self)))
      })
  }
}
