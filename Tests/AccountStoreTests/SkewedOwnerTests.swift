import AccountModel
import Postgres
import Testing

@testable import AccountStore

/// A small owner's feed is read through the index even when another owner holds nearly every
/// account: the read is planned for the owner asked for, not for an average one.
@Suite struct SkewedOwnerTests {
  private static func withHugeOwner(_ body: (AccountStore) throws -> Void) throws {
    try withStore { store in
      try store.connection.executeScript(
        """
        INSERT INTO owners (id, display_name) VALUES ('huge', 'Huge');
        INSERT INTO accounts (owner_id, name, kind, balance_minor, currency, position)
        SELECT 'huge', 'account ' || n, 'checking', n, 'KRW', n FROM generate_series(1, 20000) n;
        ANALYZE;
        """)
      try store.addAccount("mine", balance: 1)
      try body(store)
    }
  }

  private static func plan(
    _ statement: SQLFragment, _ parameters: [String], on store: AccountStore
  ) throws -> String {
    var bindings = PostgresBindings()
    for parameter in parameters { bindings.append(parameter) }
    return try store.connection.query(
      PostgresQuery(unsafeSQL: "EXPLAIN ANALYZE " + statement.sql, bindings: bindings)
    ).map { try $0.decode(at: 0, as: String.self) }.joined(separator: "\n")
  }

  @Test func aSmallOwnersFeedIsReadByIndexBesideAHugeOwner() throws {
    try Self.withHugeOwner { store in
      let plan = try Self.plan(.feedRows, ["demo"], on: store)
      #expect(!plan.contains("Seq Scan on accounts"), "\(plan)")
      #expect(try store.feedRows(owner: "demo").accounts.map(\.name) == ["mine"])
    }
  }

  @Test func aSmallOwnersServedReadIsByIndexBesideAHugeOwner() throws {
    try Self.withHugeOwner { store in
      let plan = try Self.plan(.servedFeedRows, ["demo", Snapshot.homeScreen], on: store)
      #expect(!plan.contains("Seq Scan on accounts"), "\(plan)")
      #expect(try store.servedRows(owner: "demo").rows.accounts.map(\.name) == ["mine"])
    }
  }
}
