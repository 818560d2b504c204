import AccountModel
import Postgres
import Testing

@testable import AccountStore

/// A small owner's feed is read through the index even when another owner holds nearly every
/// account: the read is planned for the owner asked for, not for an average one.
@Suite struct SkewedOwnerTests {
  @Test func aSmallOwnersFeedIsReadByIndexBesideAHugeOwner() throws {
    try withStore { store in
      try store.connection.executeScript(
        """
        INSERT INTO owners (id, display_name) VALUES ('huge', 'Huge');
        INSERT INTO accounts (owner_id, name, kind, balance_minor, currency, position)
        SELECT 'huge', 'account ' || n, 'checking', n, 'KRW', n FROM generate_series(1, 20000) n;
        ANALYZE;
        """)
      try store.addAccount("mine", balance: 1)
      var owner = PostgresBindings()
      owner.append("demo")
      let plan = try store.connection.query(
        PostgresQuery(unsafeSQL: "EXPLAIN ANALYZE " + SQLFragment.feedRows.sql, bindings: owner)
      ).map { try $0.decode(at: 0, as: String.self) }.joined(separator: "\n")
      #expect(!plan.contains("Seq Scan on accounts"), "\(plan)")
      #expect(try store.feedRows(owner: "demo").accounts.map(\.name) == ["mine"])
    }
  }
}
