import AccountModel
import FeedComponents
import Postgres
import PostgresTestSupport
import Testing

@testable import AccountStore
@testable import FeedService

/// SQL/016 keeps only a chunk's digest, computed from its items' rows, each of which now knows
/// its place in its section. The heads a database at SQL/014 kept are converted, not dropped:
/// each item gets its place from its chunk's pairs, and the next write patches the head.
@Suite struct HeadChunksMigrationTests {
  /// A database at SQL/014 with an owner of 600 accounts — one section of three chunks — keeping
  /// a head as SQL/014 stores it, after a patched write; returns the account ids.
  private func databaseBefore016(_ connection: PostgresConnection) throws -> [Int64] {
    try migrate(connection, before: 16)
    let service = FeedService { AccountStore(connection: connection) }
    var ids: [Int64] = []
    try writingHeadsBefore016(connection) {
      try service.apply(longOwnerChanges("long", accounts: 600), in: .anyOwner, reason: "setup")
      ids = try service.accounts(owner: "long").map(\.id)
      try service.updateAccount(ids[1], AccountUpdate(), delta: 1, in: .owner("long"))
    }
    return ids
  }

  @Test func theMigrationKeepsTheHeadWithEveryItemInItsPlace() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      _ = try databaseBefore016(connection)
      let service = FeedService { AccountStore(connection: connection) }
      try service.migrate()
      let places = try connection.query(
        "SELECT section_id, item_id, position FROM feed_head_items WHERE owner_id = 'long'"
      ).map {
        "\(try $0.decode("section_id", as: String.self)) \(try $0.decode("item_id", as: String.self)) \(try $0.decode("position", as: Int.self))"
      }
      let feed = try service.document(.latest(back: 0), owner: "long").stored.feed
      let expected = feed.sections.flatMap { section in
        section.items.enumerated().map { "\(section.id) \($1.id) \($0)" }
      }
      #expect(places.sorted() == expected.sorted())
    }
  }

  @Test func theNextWritesPatchTheConvertedHead() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let ids = try databaseBefore016(connection)
      let service = FeedService { AccountStore(connection: connection) }
      try service.migrate()
      // The row of an item no write changes: written again only if the head were drawn anew.
      let untouched = {
        try connection.query(
          """
          SELECT xmin::text AS version FROM feed_head_items
          WHERE owner_id = 'long' AND item_id = \("account/\(ids[100])")
          """
        ).single().decode("version", as: String.self)
      }
      let before = try untouched()
      for (step, id) in [ids[3], ids[300], ids[599]].enumerated() {
        try service.updateAccount(id, AccountUpdate(), delta: 1, in: .owner("long"))
        let stored = try service.document(.latest(back: 0), owner: "long")
        #expect(stored.encoded() == (try service.liveDocument(owner: "long")).encoded(), "\(step)")
      }
      #expect(try untouched() == before)
    }
  }
}
