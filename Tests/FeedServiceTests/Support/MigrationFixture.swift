import AccountModel
import AccountStore
import FeedComponents
import Postgres
import PostgresTestSupport

@testable import FeedService

/// Builds a database as an older schema left it (`build` returns the documents its snapshots
/// stand for), migrates it through the service, and returns those documents with what snapshots
/// 1, 2, … read back as afterwards.
func readBackAfterMigrating(_ build: (PostgresConnection) throws -> [FeedDocument]) throws -> (
  expected: [FeedDocument], migrated: [FeedDocument]
) {
  try TestDatabase.with(.empty) { database in
    let connection = try database.connect()
    let expected = try build(connection)
    let service = FeedService { AccountStore(connection: connection) }
    try service.migrate()
    let migrated = try (1...expected.count).map {
      try service.document(.sequence(Int64($0)), owner: seedOwner)
    }
    return (expected, migrated)
  }
}

/// Builds a database with `build`, migrates it, adjusts the balance of the seed owner's account
/// at `index`, and returns the snapshot that write recorded with the live document.
func writeAfterMigrating(
  _ build: (PostgresConnection) throws -> [FeedDocument], account index: Int
) throws -> (stored: FeedDocument, live: FeedDocument) {
  try TestDatabase.with(.empty) { database in
    let connection = try database.connect()
    _ = try build(connection)
    let service = FeedService { AccountStore(connection: connection) }
    try service.migrate()
    let id = try service.accounts(owner: seedOwner)[index].id
    try service.apply(
      [.adjustBalance(id: id, delta: 1, expectedVersion: nil)], in: .anyOwner, reason: "after")
    return (
      try service.document(.latest(back: 0), owner: seedOwner),
      try service.liveDocument(owner: seedOwner)
    )
  }
}

/// Brings a new database's schema up to, and not including, the migration numbered `version`:
/// the schema an older release left.
func migrate(_ connection: PostgresConnection, before version: Int) throws {
  try Migrator(
    connection: connection, migrations: Migration.bundled.filter { $0.version < version }
  )
  .migrate()
}

/// The changes that add an owner with `accounts` accounts of 1,000원 each, named in order: a feed
/// long enough to keep a head (SQL/008).
func longOwnerChanges(_ id: String, accounts: Int) -> [StoreChange] {
  [.addOwner(id: id, displayName: "Long")]
    + (0..<accounts).map { index in
      .addAccount(
        ownerID: id,
        NewAccount(name: "계좌 \(index)", balance: Money(minorUnits: 1000, currency: .krw)))
    }
}
