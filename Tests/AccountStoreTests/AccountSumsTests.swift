import AccountModel
import AccountStore
import Postgres
import SplitMix
import Testing

/// `account_sums` (SQL/008) is what the database adds up the accounts to, kept by triggers in
/// the same transaction: after any write it equals summing the accounts afresh.
@Suite struct AccountSumsTests {
  private static let fresh = """
    SELECT owner_id || ' ' || currency || ' ' || hidden || ' ' || count(*) || ' '
      || sum(balance_minor) AS line
    FROM accounts GROUP BY owner_id, currency, hidden ORDER BY 1
    """
  private static let kept = """
    SELECT owner_id || ' ' || currency || ' ' || hidden || ' ' || accounts || ' ' || balance
      AS line
    FROM account_sums WHERE accounts > 0 ORDER BY 1
    """

  private func lines(_ store: AccountStore, _ query: String) throws -> [String] {
    try store.connection.query(PostgresQuery(unsafeSQL: query)).map {
      try $0.decode("line", as: String.self)
    }
  }

  @Test func theSumsFollowRandomWritesOfEveryKind() throws {
    try withStore { store in
      try store.apply([.addOwner(id: "lee", displayName: "Lee")], in: .anyOwner)
      var random = SplitMix64(seed: 8)
      var ids: [Int64] = []
      for step in 0..<120 {
        let owner = random.chance(50) ? "demo" : "lee"
        let change: StoreChange
        if ids.isEmpty || random.chance(25) {
          change = .addAccount(
            ownerID: owner,
            NewAccount(
              name: "a\(step)",
              balance: Money(
                minorUnits: Int64(random.below(10_000)), currency: random.chance(50) ? .krw : .usd),
              hidden: random.chance(20)))
        } else {
          let id = ids[random.below(ids.count)]
          switch random.below(5) {
          case 0:
            change = .adjustBalance(
              id: id, delta: Int64(random.below(100)) - 50, expectedVersion: nil)
          case 1: change = .updateAccount(id: id, AccountUpdate(hidden: random.chance(50)))
          case 2:
            change = .updateAccount(
              id: id, AccountUpdate(currency: random.chance(50) ? .krw : .usd))
          case 3: change = .updateAccount(id: id, AccountUpdate(name: "n\(step)"))
          default: change = .removeAccount(id: id, expectedVersion: nil)
          }
        }
        let results = try store.apply([change], in: .anyOwner)
        if case .account(let account) = results[0], !ids.contains(account.id) {
          ids.append(account.id)
        }
        if case .removedAccount(let account) = results[0] { ids.removeAll { $0 == account.id } }
        #expect(try lines(store, Self.kept) == lines(store, Self.fresh), "step \(step)")
      }
    }
  }

  @Test func removingAnOwnerRemovesItsSums() throws {
    try withStore { store in
      _ = try store.addAccount("a", balance: 5)
      try store.apply([.removeOwner(id: "demo")], in: .anyOwner)
      #expect(try lines(store, Self.kept).isEmpty)
    }
  }

  @Test func aRefusedWriteLeavesTheSumsAsTheyWere() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 5)
      let before = try lines(store, Self.kept)
      #expect(throws: AccountStoreError.self) {
        try store.apply(
          [
            .adjustBalance(id: account.id, delta: 7, expectedVersion: nil),
            .adjustBalance(id: account.id, delta: Int64.max, expectedVersion: nil),
          ], in: .anyOwner)
      }
      #expect(try lines(store, Self.kept) == before)
    }
  }
}
