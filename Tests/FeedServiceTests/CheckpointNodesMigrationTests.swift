import AccountFeedTestSupport
import AccountModel
import FeedComponents
import Postgres
import PostgresTestSupport
import Testing

@testable import AccountStore
@testable import FeedService

/// SQL/013 lets a short feed's checkpoint carry its item nodes. Snapshots stored before it keep
/// every node in `feed_items` and read back as they did; the writes after it continue their
/// chains.
@Suite struct CheckpointNodesMigrationTests {
  /// A database at SQL/012 holding the seed owner's feed after each of three writes. They are
  /// written by this program on the whole schema and then taken back to 012's shape, which is
  /// how 012 stored them: the nodes the checkpoint carries moved to `feed_items`, the column and
  /// its migration's record gone.
  private func databaseBefore013(_ connection: PostgresConnection) throws -> [FeedDocument] {
    let service = FeedService { AccountStore(connection: connection) }
    try service.migrate()
    _ = try AccountStore(connection: connection).add(seedChanges)
    let ids = try service.accounts(owner: seedOwner).map(\.id)
    _ = try service.takeSnapshot(owner: seedOwner, label: nil)
    var expected = [try service.liveDocument(owner: seedOwner)]
    for changes in [
      [StoreChange.adjustBalance(id: ids[0], delta: 7, expectedVersion: nil)],
      [StoreChange.updateAccount(id: ids[1], AccountUpdate(name: "바뀐 통장"))],
    ] {
      try service.apply(changes, in: .anyOwner, reason: "before")
      expected.append(try service.liveDocument(owner: seedOwner))
    }
    try connection.executeScript(
      """
      INSERT INTO feed_items (digest, node)
      SELECT left(line, 64), substr(line, 66)
      FROM feed_snapshots, regexp_split_to_table(rtrim(nodes, E'\\n'), E'\\n') AS line
      ON CONFLICT (digest) DO NOTHING;
      ALTER TABLE feed_snapshots DROP COLUMN nodes;
      DELETE FROM schema_migrations WHERE version = 13;
      """)
    return expected
  }

  @Test func theSeedOwnersCheckpointCarriedItsNodesBeforeItWasTakenBack() throws {
    let carried = try TestDatabase.with(.migrated) { database in
      let connection = try database.connect()
      _ = try AccountStore(connection: connection).add(seedChanges)
      _ = try FeedService { AccountStore(connection: connection) }.takeSnapshot(
        owner: seedOwner, label: nil)
      return try connection.query(
        "SELECT count(*) AS n FROM feed_snapshots WHERE nodes IS NOT NULL"
      ).single().decode("n", as: Int.self)
    }
    #expect(carried == 1)
  }

  @Test func everySnapshotReadsBackByteForByteAfterTheMigration() throws {
    let (expected, migrated) = try readBackAfterMigrating({ try databaseBefore013($0) })
    #expect(migrated.map { $0.encoded() } == expected.map { $0.encoded() })
    #expect(migrated.map(\.digest) == expected.map(\.digest))
  }

  @Test func aWriteAfterTheMigrationBuildsOnTheMigratedChain() throws {
    let (stored, live) = try writeAfterMigrating({ try databaseBefore013($0) }, account: 2)
    #expect(stored.encoded() == live.encoded())
  }
}
