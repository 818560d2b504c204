import AccountModel
import Postgres
import Testing

@testable import AccountStore

/// A batch of owners (a `snapshot --all` batch, a many-owner write) reads their accounts in
/// the display-order index's order, in one slice, rather than collecting them and sorting again.
@Suite struct OwnerBatchReadTests {
  @Test func aBatchsAccountsAreReadInIndexOrderWithoutSorting() throws {
    try withStore { store in
      try store.connection.executeScript(
        """
        INSERT INTO owners (id, display_name)
        SELECT 'b' || lpad(o::text, 5, '0'), 'Owner' FROM generate_series(1, 5000) o;
        INSERT INTO accounts (owner_id, name, kind, balance_minor, currency, position)
        SELECT 'b' || lpad(o::text, 5, '0'), 'account ' || a, 'checking', a, 'KRW', a
        FROM generate_series(1, 5000) o, generate_series(1, 10) a;
        ANALYZE;
        """)
      let batch = (2001...2500).map { "b0" + String($0) }
      let query = AccountStore.ownersRowsQuery(
        .accountColumns, from: "accounts", list: AccountStore.jsonList(batch))
      let plan = try store.connection.query(
        PostgresQuery(unsafeSQL: "EXPLAIN ANALYZE " + query.sql, bindings: query.bindings)
      ).map { try $0.decode(at: 0, as: String.self) }.joined(separator: "\n")
      #expect(plan.contains("Index Scan using accounts_owner_display_order"), "\(plan)")
      #expect(!plan.contains("Sort"), "\(plan)")
      let rows = try store.connection.query(query)
      #expect(rows.count == 5_000)
    }
  }
}
