import AccountModel
import Postgres
import Testing

@testable import AccountStore

/// A batch of balance adjusts of distinct accounts is written by one statement
/// (`BalanceAdjustBatch`) and behaves exactly as one statement per change: the same results, the
/// same rows and sums, and on any refusal the same error naming the same change, with nothing
/// written.
///
/// How many statements really ran is counted by a statement trigger the tests add on
/// `accounts`, beside the `account_sums` ones whose cost the set-based path saves.
@Suite struct SetBasedAdjustTests {
  private let overflow = AccountStoreError.overflow(
    "the balance would overflow: it must stay from -9223372036854775808 to 9223372036854775807 minor units"
  )

  @Test func aBatchOfAdjustsOfDistinctAccountsIsOneStatement() throws {
    try withCountingStore { store in
      let a = try store.addAccount("a", balance: 10)
      let b = try store.addAccount("b", balance: 20)
      let c = try store.addAccount("c", balance: 30, currency: .usd)
      let before = try updateStatements(store.connection)
      try store.apply(
        [
          .adjustBalance(id: a.id, delta: 5, expectedVersion: nil),
          .adjustBalance(id: b.id, delta: 0, expectedVersion: nil),
          .adjustBalance(id: c.id, delta: -7, expectedVersion: c.version),
        ], in: .anyOwner)
      #expect(try updateStatements(store.connection) - before == 1)
      #expect(try store.feedRows(owner: "demo").accounts.map(\.balance.minorUnits) == [15, 20, 23])
      #expect(try sums(store.connection) == ["KRW false 2 35", "USD false 1 23"])
    }
  }

  @Test func aRepeatedAccountKeepsOneStatementPerChange() throws {
    try withCountingStore { store in
      let a = try store.addAccount("a", balance: 10)
      let before = try updateStatements(store.connection)
      let results = try store.apply(
        [
          .adjustBalance(id: a.id, delta: 1, expectedVersion: nil),
          .adjustBalance(id: a.id, delta: 2, expectedVersion: a.version + 1),
        ], in: .anyOwner)
      #expect(try updateStatements(store.connection) - before == 2)
      var second = a
      second.balance = Money(minorUnits: 13, currency: .krw)
      second.version = a.version + 2
      guard case .account(let written) = results[1] else {
        Issue.record("expected the account changed, got \(results[1])")
        return
      }
      second.updatedAt = written.updatedAt
      #expect(written == second)
    }
  }

  /// The same batch applied set-based and then, from the same rows in the same transaction (so
  /// `now()` is the same), one change at a time: equal results, rows and sums.
  @Test func resultsAndRowsEqualThoseOfOneStatementPerChange() throws {
    try withCountingStore { store in
      try store.apply([.addOwner(id: "kim", displayName: "Kim")], in: .anyOwner)
      let a = try store.addAccount("a", balance: 10)
      let b = try store.addAccount("b", balance: -20, currency: .usd)
      let c = try store.addAccount("c", balance: 30, owner: "kim")
      let d = try store.addAccount("d", balance: 0)
      try store.apply([.updateAccount(id: d.id, AccountUpdate(hidden: true))], in: .anyOwner)
      let changes: [StoreChange] = [
        .adjustBalance(id: c.id, delta: 1_000_000, expectedVersion: c.version),
        .adjustBalance(id: a.id, delta: 0, expectedVersion: nil),
        .adjustBalance(id: d.id, delta: -5, expectedVersion: d.version + 1),
        .adjustBalance(id: b.id, delta: 20, expectedVersion: nil),
      ]
      try store.connection.transaction { tx in
        try tx.executeScript("SAVEPOINT compare")
        let setBased = try ChangeApplier(transaction: tx, changes: changes, scope: .anyOwner).run()
        let setBasedRows = try accountsAndSums(tx)
        let setBasedStatements = try updateStatements(tx)
        try tx.executeScript("ROLLBACK TO SAVEPOINT compare")
        let oneByOne = try changes.flatMap {
          try ChangeApplier(transaction: tx, changes: [$0], scope: .anyOwner).run()
        }
        #expect(setBased == oneByOne)
        #expect(try accountsAndSums(tx) == setBasedRows)
        #expect(try updateStatements(tx) == setBasedStatements + 3)
        try tx.executeScript("ROLLBACK TO SAVEPOINT compare")
      }
    }
  }

  @Test func aZeroDeltaReturnsTheRowUnchanged() throws {
    try withCountingStore { store in
      let a = try store.addAccount("a", balance: 10)
      let b = try store.addAccount("b", balance: 20)
      let results = try store.apply(
        [
          .adjustBalance(id: a.id, delta: 3, expectedVersion: nil),
          .adjustBalance(id: b.id, delta: 0, expectedVersion: b.version),
        ], in: .anyOwner)
      guard case .account(let adjusted) = results[0] else {
        Issue.record("expected the first account changed, got \(results[0])")
        return
      }
      #expect(adjusted.version == a.version + 1)
      #expect(adjusted.updatedAt > a.updatedAt)
      #expect(results[1] == .unchanged(.account(b)))
      #expect(try store.account(b.id, in: .anyOwner) == b)
    }
  }

  @Test func aVersionConflictNamesTheChangeAndWritesNothing() throws {
    try withCountingStore { store in
      let a = try store.addAccount("a", balance: 10)
      let b = try store.addAccount("b", balance: 20)
      try store.apply([.adjustBalance(id: b.id, delta: 1, expectedVersion: nil)], in: .anyOwner)
      let before = try store.dump()
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(
          [
            .adjustBalance(id: a.id, delta: 1, expectedVersion: a.version),
            .adjustBalance(id: b.id, delta: 1, expectedVersion: b.version),
          ], in: .anyOwner)
      }
      #expect(
        error
          == .change(
            number: 2, total: 2,
            reason: .versionConflict(
              what: "account \(b.id)", expected: b.version, actual: b.version + 1)))
      #expect(try store.dump() == before)
    }
  }

  /// Many adjusts named in an order other than the ids': each result lands at its change, and a
  /// conflict deep in the batch is named by its number.
  @Test func aLongBatchKeepsChangeOrderAndNamesALateConflict() throws {
    try withCountingStore { store in
      let accounts = try (0..<120).map { try store.addAccount("a\($0)", balance: Int64($0)) }
      let order = accounts.reversed().map(\.id)
      let results = try store.apply(
        order.map { .adjustBalance(id: $0, delta: 1_000, expectedVersion: 1) }, in: .anyOwner)
      let ids = results.compactMap { result -> Int64? in
        guard case .account(let account) = result else { return nil }
        return account.id
      }
      #expect(ids == order)
      let before = try store.dump()
      var changes = order.map { StoreChange.adjustBalance(id: $0, delta: 1, expectedVersion: 2) }
      changes[100] = .adjustBalance(id: order[100], delta: 1, expectedVersion: 1)
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(changes, in: .anyOwner)
      }
      #expect(
        error
          == .change(
            number: 101, total: 120,
            reason: .versionConflict(what: "account \(order[100])", expected: 1, actual: 2)))
      #expect(try store.dump() == before)
    }
  }

  @Test func anUnknownAccountNamesTheChangeAndWritesNothing() throws {
    try withCountingStore { store in
      let a = try store.addAccount("a", balance: 10)
      let before = try store.dump()
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(
          [
            .adjustBalance(id: a.id, delta: 1, expectedVersion: nil),
            .adjustBalance(id: 424_242, delta: 1, expectedVersion: nil),
          ], in: .anyOwner)
      }
      #expect(error == .change(number: 2, total: 2, reason: .notFound("account 424242")))
      #expect(try store.dump() == before)
    }
  }

  @Test func anotherOwnersAccountUnderAScopeIsNotFound() throws {
    try withCountingStore { store in
      try store.apply([.addOwner(id: "carol", displayName: "Carol")], in: .anyOwner)
      let hers = try store.addAccount("hers", balance: 10, owner: "carol")
      let other = try store.addAccount("other", balance: 20)
      let before = try store.dump()
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(
          [
            .adjustBalance(id: hers.id, delta: 1, expectedVersion: nil),
            .adjustBalance(id: other.id, delta: 1, expectedVersion: nil),
          ], in: .owner("carol"))
      }
      #expect(
        error
          == .change(
            number: 2, total: 2, reason: .notFound("account \(other.id) of owner 'carol'")))
      #expect(try store.dump() == before)
    }
  }

  @Test func anOverflowNamesTheChangeAndWritesNothing() throws {
    try withCountingStore { store in
      let a = try store.addAccount("a", balance: 10)
      let b = try store.addAccount("b", balance: Int64.min)
      let c = try store.addAccount("c", balance: 30)
      let before = try store.dump()
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(
          [
            .adjustBalance(id: a.id, delta: 1, expectedVersion: nil),
            .adjustBalance(id: c.id, delta: 1, expectedVersion: nil),
            .adjustBalance(id: b.id, delta: -1, expectedVersion: nil),
          ], in: .anyOwner)
      }
      #expect(error == .change(number: 3, total: 3, reason: overflow))
      #expect(try store.dump() == before)
    }
  }

  // MARK: Helpers

  /// A store whose `accounts` counts its UPDATE statements in `account_update_statements`.
  private func withCountingStore(_ body: (AccountStore) throws -> Void) throws {
    try withStore { store in
      try store.connection.executeScript(
        """
        CREATE TABLE account_update_statements (statements bigint NOT NULL);
        INSERT INTO account_update_statements VALUES (0);
        CREATE FUNCTION count_account_updates() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE account_update_statements SET statements = statements + 1;
          RETURN NULL;
        END
        $$;
        CREATE TRIGGER count_account_updates AFTER UPDATE ON accounts
          FOR EACH STATEMENT EXECUTE FUNCTION count_account_updates();
        """)
      try body(store)
    }
  }

  private func updateStatements(_ database: some PostgresQueryable) throws -> Int64 {
    try database.query("SELECT statements FROM account_update_statements").single()
      .decode("statements")
  }

  /// The owners' sums that stand for at least one account, as "currency hidden count balance".
  private func sums(_ database: some PostgresQueryable) throws -> [String] {
    try database.query(
      """
      SELECT currency || ' ' || hidden || ' ' || accounts || ' ' || balance AS line
      FROM account_sums WHERE accounts > 0 ORDER BY owner_id, currency, hidden
      """
    ).map { try $0.decode("line") }
  }

  private func accountsAndSums(_ database: some PostgresQueryable) throws -> [String] {
    try database.query(
      "SELECT to_jsonb(a)::text AS line FROM accounts a ORDER BY id"
    ).map { try $0.decode("line") }
      + database.query(
        "SELECT to_jsonb(s)::text AS line FROM account_sums s ORDER BY owner_id, currency, hidden"
      ).map { try $0.decode("line") }
  }
}
