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

  /// Every row of every table, in a stable order: equal dumps mean nothing changed. The tables
  /// are read from the catalog, so one a migration adds is dumped without anyone remembering to.
  /// (Sequences are left out: PostgreSQL never rolls them back.)
  func dump() throws -> [String] {
    try connection.dumpOfEveryTable()
  }
}

/// A stand-in for the feed assembler, for tests of when writes record snapshots: the digest
/// covers what the default layout shows — the owner's visible accounts and shown notices — and
/// nothing else, the way a feed document's digest covers its screen and not its revision.
func screen(_ rows: FeedRows) -> SnapshotContent {
  let accounts = rows.accounts.filter { !$0.hidden }.map {
    "\($0.id) \($0.name) \($0.balance.minorUnits) \($0.balance.currency)"
  }
  let notices = rows.notices.filter { $0.isShown(at: rows.readAt) }.map {
    "\($0.id) \($0.severity) \($0.message)"
  }
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in (accounts + notices).joined(separator: "\n").utf8 {
    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
  }
  let hex = String(hash, radix: 16)
  let digest = String(repeating: String(repeating: "0", count: 16 - hex.count) + hex, count: 4)
  return SnapshotContent(
    document: #"{"revision": \#(rows.owner.lastSnapshotSequence)}"#, digest: digest,
    reason: "test")
}
