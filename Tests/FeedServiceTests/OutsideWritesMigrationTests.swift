import AccountModel
import FeedComponents
import Postgres
import PostgresTestSupport
import Testing

@testable import AccountStore
@testable import FeedService

/// SQL/014 drops a feed's head when an account changes outside the store. A head kept by a
/// database at SQL/013 may already hold an item an outside write changed, so the migration
/// drops every head; the next write draws the whole feed and records the live one.
@Suite struct OutsideWritesMigrationTests {
  /// A database at SQL/013 with an owner of 250 accounts, so it keeps a head, and an account
  /// then changed by plain SQL, which that schema does not notice; returns the account ids. The
  /// head is kept as SQL/013 keeps it (`writingHeadsBefore016`).
  private func databaseBefore014(_ connection: PostgresConnection) throws -> [Int64] {
    try migrate(connection, before: 14)
    let service = FeedService { AccountStore(connection: connection) }
    try writingHeadsBefore016(connection) {
      try service.apply(longOwnerChanges("long", accounts: 250), in: .anyOwner, reason: "setup")
    }
    let ids = try service.accounts(owner: "long").map(\.id)
    try connection.execute("UPDATE accounts SET balance_minor = 123456789 WHERE id = \(ids[8])")
    return ids
  }

  @Test func theMigrationDropsTheHeadsAndTheNextWriteRecordsTheLiveFeed() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let ids = try databaseBefore014(connection)
      let heads = { try connection.query("SELECT count(*) AS n FROM feed_heads").single() }
      #expect(try heads().decode("n", as: Int64.self) == 1)
      let service = FeedService { AccountStore(connection: connection) }
      try service.migrate()
      #expect(try heads().decode("n", as: Int64.self) == 0)
      try service.updateAccount(ids[3], AccountUpdate(), delta: 1, in: .owner("long"))
      let stored = try service.document(.latest(back: 0), owner: "long").encoded()
      let live = try service.liveDocument(owner: "long").encoded()
      let showsTheOutsideWrite = String(decoding: stored, as: UTF8.self).contains("123,456,789원")
      #expect(stored == live)
      #expect(showsTheOutsideWrite)
      #expect(try heads().decode("n", as: Int64.self) == 1)
    }
  }
}
