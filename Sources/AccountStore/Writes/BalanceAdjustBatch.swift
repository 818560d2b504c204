import AccountModel
import Postgres

/// A batch of balance adjusts written by one set-based statement, `UPDATE accounts … FROM
/// unnest(ids, deltas, expected versions)`, instead of one statement per change.
///
/// Why: `accounts` has statement triggers (`SQL/008_feed_heads.sql`, `account_sums`) that run
/// one upsert per statement, so N one-row statements cost N trigger runs — most of an adjust's
/// server time — while one statement over N rows costs one, whatever N.
///
/// Each row gets exactly what `ChangeStatement` gives an adjust: the delta added, `version` and
/// `updated_at` moved only when the delta is not 0 (so adjusting by 0 returns the row unchanged
/// with `changed` false), and the same version precondition. That is the same as the
/// per-change statements only when no account is named twice (a second adjust of a row must see
/// the first's result and version), so the batch takes this path only when every change is an
/// adjust and the account ids are distinct — the bulk case; mixed batches and repeated ids
/// keep one statement per change.
///
/// It never explains a refusal itself: when the statement returns fewer rows than changes (a
/// version conflict, or a row gone) or raises (an overflow), `results(in:)` returns nil and the
/// caller rolls back to its savepoint and runs the per-change statements, which name the change
/// and the reason exactly as they always have. A refusal is rare and costs the batch twice; a
/// second explanation path that could drift from the first would cost more.
struct BalanceAdjustBatch {
  private let count: Int
  /// The ids, deltas and expected versions, in change order.
  private let ids: PostgresArray<Int64>
  private let deltas: PostgresArray<Int64>
  private let expectedVersions: PostgresArray<Int64>

  /// The set-based form of `changes`, or nil when they are not at least two adjusts of
  /// distinct accounts (one adjust is already one statement).
  init?(_ changes: [StoreChange]) {
    guard changes.count > 1 else { return nil }
    var ids: [Int64] = []
    var deltas: [Int64?] = []
    var expected: [Int64?] = []
    ids.reserveCapacity(changes.count)
    deltas.reserveCapacity(changes.count)
    expected.reserveCapacity(changes.count)
    for change in changes {
      guard case .adjustBalance(let id, let delta, let expectedVersion) = change else {
        return nil
      }
      ids.append(id)
      deltas.append(delta)
      expected.append(expectedVersion)
    }
    guard Set(ids).count == ids.count else { return nil }
    count = changes.count
    self.ids = PostgresArray(ids)
    self.deltas = PostgresArray(deltas)
    expectedVersions = PostgresArray(expected)
  }

  /// Every change's result in change order, or nil when the statement did not adjust every
  /// account or was refused; then it may have written rows, and the caller rolls them back.
  func results(in transaction: PostgresTransaction) throws -> [StoreChangeResult]? {
    let rows: PostgresRows
    do {
      rows = try transaction.query(
        """
        UPDATE accounts AS a SET balance_minor = a.balance_minor + c.delta,
          version = a.version + CASE WHEN c.delta <> 0 THEN 1 ELSE 0 END,
          updated_at = CASE WHEN c.delta <> 0 THEN now() ELSE a.updated_at END
        FROM unnest(\(ids), \(deltas), \(expectedVersions))
          WITH ORDINALITY AS c(target_id, delta, expected_version, change_number)
        WHERE a.id = c.target_id
          AND (c.expected_version IS NULL OR a.version = c.expected_version)
        RETURNING c.change_number, \(sql: .accountColumns), c.delta <> 0 AS changed
        """)
    } catch is PostgresError {
      return nil
    }
    guard rows.count == count else { return nil }
    var results = [StoreChangeResult?](repeating: nil, count: count)
    // The columns found once for the whole result, not by name in each of its rows.
    let columns = try AccountColumnPositions(rows)
    let (changeNumber, changed) = (
      try rows.index(ofColumn: "change_number"), try rows.index(ofColumn: "changed")
    )
    for row in rows {
      let account = StoreChangeResult.account(try Account(row: row, columns: columns))
      let index = Int(try row.decode(at: changeNumber, as: Int64.self)) - 1
      results[index] = try row.decode(at: changed, as: Bool.self) ? account : .unchanged(account)
    }
    return results.compactMap(\.self)
  }
}
