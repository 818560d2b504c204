import AccountModel
import Postgres

extension AccountStore {
  /// Everything a served read asks of the database, in one statement and so one round trip:
  /// the owner's rows as `feedRows(owner:)` reads them, the latest snapshot's digest and the
  /// next notice-window edge (`ServedRows`). One statement is one snapshot of the database, so
  /// the three agree without a transaction around them, and it runs as a statement prepared
  /// once per connection.
  public func servedRows(owner id: String) throws(AccountStoreError) -> ServedRows {
    try checked { () throws(FieldError) in try FieldRules.ownerID(id) }
    return try mapping {
      var bindings = PostgresBindings()
      bindings.append(id)
      bindings.append(Snapshot.homeScreen)
      let rows = try connection.query(PostgresQuery(.servedFeedRows, bindings: bindings))
      let feedRows = try Self.feedRows(owner: id, from: rows)
      let owner = rows[0]
      let milliseconds = try owner.decode("next_edge_milliseconds", as: Int64?.self)
      return ServedRows(
        rows: feedRows, latestDigest: try owner.decode("latest_digest", as: String?.self),
        nextWindowEdge: milliseconds.map { .milliseconds($0) })
    }
  }
}

extension SQLFragment {
  /// The statement `AccountStore.servedRows(owner:)` runs, the owner's id bound as `$1` and the
  /// screen as `$2`: `feedRows` with two more columns on the owner's row — the latest
  /// snapshot's digest and the milliseconds from the database's now to the owner's next
  /// notice-window edge (as `nextNoticeWindowEdge(owner:)` measures it) — NULL on the notices'.
  static let servedFeedRows = SQLFragment(
    "SELECT ", feedOwnerPart, ", ", latestDigest, " AS latest_digest, ", nextEdgeMilliseconds,
    " AS next_edge_milliseconds FROM owners CROSS JOIN LATERAL (SELECT ", accountArrays,
    " FROM (SELECT ", accountWithPlacement, " FROM accounts WHERE owner_id = $1 ORDER BY ",
    displayOrder, ") AS shown) AS listed WHERE owners.id = $1 UNION ALL SELECT ", feedNoticePart,
    ", NULL, NULL FROM notices WHERE owner_id = $1 ORDER BY part, ", displayOrder)

  /// The digest of the latest snapshot of owner `$1`'s screen `$2`.
  static let latestDigest: SQLFragment = """
    (SELECT digest FROM feed_snapshots WHERE owner_id = $1 AND screen = $2 \
    ORDER BY sequence DESC LIMIT 1)
    """

  /// Milliseconds (rounded up) from now to the next edge of a notice of owner `$1` that is not
  /// dismissed; NULL when none lies ahead.
  static let nextEdgeMilliseconds: SQLFragment = """
    (SELECT ceil(extract(epoch FROM min(edge) - now()) * 1000)::bigint FROM (\
    SELECT active_from AS edge FROM notices \
    WHERE owner_id = $1 AND dismissed_at IS NULL AND active_from > now() \
    UNION ALL SELECT active_until FROM notices \
    WHERE owner_id = $1 AND dismissed_at IS NULL AND active_until > now()) AS edges)
    """
}
