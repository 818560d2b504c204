import AccountModel
import AccountStore
import Postgres
import PostgresTestSupport

/// A migrated store on a fresh database, with one owner, for one test.
@discardableResult
func withStore<Result>(_ body: (AccountStore) throws -> Result) throws -> Result {
  try TestDatabase.with { database in
    let store = AccountStore(connection: try database.connect())
    try store.migrate()
    try store.apply([.addOwner(id: "demo", displayName: "Demo")], in: .anyOwner)
    return try body(store)
  }
}

extension AccountStore {
  @discardableResult
  func addAccount(_ name: String, balance: Int64, currency: Currency = .krw, owner: String = "demo")
    throws
    -> Account
  {
    let results = try apply(
      [
        .addAccount(
          ownerID: owner,
          NewAccount(name: name, balance: Money(minorUnits: balance, currency: currency)))
      ], in: .anyOwner)
    guard case .account(let account) = results.first else {
      fatalError("addAccount returned \(results)")
    }
    return account
  }

  /// Every row of every table, in a stable order: equal dumps mean nothing changed.
  func dump() throws -> [String] {
    var lines: [String] = []
    for table in ["owners", "accounts", "notices", "feed_snapshots"] {
      let rows = try connection.query(
        PostgresQuery(unsafeSQL: "SELECT to_jsonb(t)::text AS row FROM \(table) t ORDER BY 1"))
      lines += try rows.map { "\(table): " + (try $0.decode("row", as: String.self)) }
    }
    return lines
  }
}
