import AccountModel
import FeedComponents
import Postgres
import PostgresTestSupport
import Testing

@testable import AccountStore
@testable import FeedService

/// SQL/012 gives every head chunk its digest, so a long section is hashed from its chunk digests.
/// The heads a database at SQL/011 kept are emptied (they are caches); the snapshots stay as
/// stored, and the next writes build the head again and patch it.
@Suite struct ChunkDigestMigrationTests {
  /// A database at SQL/011 with an owner of 600 accounts — one section of three chunks — after
  /// two writes, so it keeps a head; returns the owner's documents. This program's writes name
  /// the column SQL/013 adds, so it stands in while they run; a feed that long carries no
  /// nodes in it (it is NULL throughout), and it goes again before the database is migrated.
  /// The head is kept as SQL/011 keeps it (`writingHeadsBefore016`).
  private func databaseBefore012(_ connection: PostgresConnection) throws -> [FeedDocument] {
    try migrate(connection, before: 12)
    try connection.executeScript("ALTER TABLE feed_snapshots ADD COLUMN nodes text")
    defer { try? connection.executeScript("ALTER TABLE feed_snapshots DROP COLUMN nodes") }
    let service = FeedService { AccountStore(connection: connection) }
    try writingHeadsBefore016(connection) {
      try service.apply(longOwnerChanges("long", accounts: 600), in: .anyOwner, reason: "setup")
      let id = try service.accounts(owner: "long")[0].id
      try service.apply(
        [.updateAccount(id: id, AccountUpdate(position: 700))], in: .anyOwner, reason: "moved")
    }
    return try (1...2).map { try service.document(.sequence(Int64($0)), owner: "long") }
  }

  private func heads(_ connection: PostgresConnection) throws -> Int {
    try connection.query("SELECT count(*) AS n FROM feed_heads").single().decode("n", as: Int.self)
  }

  @Test func theMigrationEmptiesTheHeadsAndKeepsTheSnapshots() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let expected = try databaseBefore012(connection)
      #expect(try heads(connection) == 1)
      let service = FeedService { AccountStore(connection: connection) }
      try service.migrate()
      #expect(try heads(connection) == 0)
      let migrated = try (1...2).map { try service.document(.sequence(Int64($0)), owner: "long") }
      #expect(migrated.map { $0.encoded() } == expected.map { $0.encoded() })
    }
  }

  @Test func writesAfterTheMigrationBuildTheHeadAgainAndPatchIt() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      _ = try databaseBefore012(connection)
      let service = FeedService { AccountStore(connection: connection) }
      try service.migrate()
      let ids = try service.accounts(owner: "long").map(\.id)
      for (step, id) in [ids[3], ids[300], ids[599]].enumerated() {
        try service.updateAccount(id, AccountUpdate(), delta: 1, in: .owner("long"))
        let stored = try service.document(.latest(back: 0), owner: "long")
        #expect(stored.encoded() == (try service.liveDocument(owner: "long")).encoded(), "\(step)")
      }
      #expect(try heads(connection) == 1)
      let body = try connection.query(
        "SELECT body FROM feed_snapshots WHERE owner_id = 'long' ORDER BY sequence DESC LIMIT 1"
      ).single().decode("body", as: String.self)
      #expect(body.contains("\"set\":[["))
    }
  }
}
