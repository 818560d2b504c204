import AccountModel
import FeedAssembler
import FeedComponents
import Foundation
import Postgres
import PostgresTestSupport
import Testing

@testable import AccountStore
@testable import FeedService

/// SQL/008 moves snapshot bodies and item nodes from jsonb to text and adds the heads and sums:
/// every snapshot stored as SQL/005–007 stored it still reads back byte for byte.
@Suite struct TextStorageMigrationTests {
  /// A database at SQL/007 holding demo's feed after each of four writes, stored as that schema
  /// stored snapshots — a checkpoint, then deltas, bodies and nodes as jsonb; returns the
  /// documents.
  private func databaseBefore008(_ connection: PostgresConnection) throws -> [FeedDocument] {
    try migrate(connection, before: 8)
    let store = AccountStore(connection: connection)
    let ids = try store.add(seedChanges)
    let assembler = FeedAssembler()
    var previous: StoredFeed?
    var expected: [FeedDocument] = []
    for (index, changes) in [
      [],
      [StoreChange.adjustBalance(id: ids[0], delta: 7, expectedVersion: nil)],
      [StoreChange.updateAccount(id: ids[2], AccountUpdate(position: 0))],
      [
        StoreChange.addAccount(
          ownerID: seedOwner,
          NewAccount(name: "새 통장", balance: Money(minorUnits: 5, currency: .usd)))
      ],
    ].enumerated() {
      if !changes.isEmpty { try store.apply(changes, in: .anyOwner) }
      let document = try assembler.assemble(try store.feedRows(owner: seedOwner))
      let (feed, nodes) = document.stored
      var object: [String: JSONValue] = [:]
      for (digest, node) in nodes(feed.itemDigests) { object[digest] = .string(node) }
      try connection.execute(
        """
        INSERT INTO feed_items (digest, node)
        SELECT key, value::jsonb FROM jsonb_each_text(\(PostgresJSONB(CanonicalJSONWriter().string(.object(object)))))
        ON CONFLICT (digest) DO NOTHING
        """)
      let body = SnapshotBody.encode(feed, against: previous)
      try connection.execute(
        """
        INSERT INTO feed_snapshots (owner_id, sequence, reason, digest, base_sequence, body,
          chain_bytes, chain_length)
        VALUES (\(seedOwner), \(Int64(index + 1)), 'before', \(document.digest),
          \(index == 0 ? nil : Int64(index)), \(PostgresJSONB(body)),
          \(Int64(index == 0 ? 0 : body.utf8.count)), \(Int64(index)))
        """)
      previous = feed
      expected.append(document)
    }
    try connection.execute("UPDATE owners SET last_snapshot_sequence = 4")
    return expected
  }

  @Test func everySnapshotReadsBackByteForByteAfterTheMigration() throws {
    let (expected, migrated) = try readBackAfterMigrating({ try databaseBefore008($0) })
    #expect(migrated.map { $0.encoded() } == expected.map { $0.encoded() })
    #expect(migrated.map(\.digest) == expected.map(\.digest))
  }

  @Test func aWriteAfterTheMigrationBuildsOnTheMigratedChain() throws {
    let (stored, live) = try writeAfterMigrating({ try databaseBefore008($0) }, account: 1)
    #expect(stored.encoded() == live.encoded())
  }

  @Test func theSumsStartFromTheAccountsAlreadyThere() throws {
    let sums = try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      _ = try databaseBefore008(connection)
      try AccountStore(connection: connection).migrate()
      return try connection.query(
        """
        SELECT currency || ' ' || hidden || ' ' || accounts || ' ' || balance AS line
        FROM account_sums ORDER BY 1
        """
      ).map { try $0.decode("line", as: String.self) }
    }
    #expect(sums.count == 2)
    #expect(sums.last == "USD false 1 5")
  }
}
