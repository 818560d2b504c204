import AccountModel
import AccountStore
import FeedAssembler
import FeedComponents
import Foundation
import Postgres
import PostgresTestSupport
import Testing

@testable import FeedService

/// SQL/005 moves snapshots stored whole (SQL/002's `document` column) to storage by reference
/// without losing one: each reads back byte for byte, with its digest.
@Suite struct SnapshotMigrationTests {
  /// A database at SQL/004 holding demo's feed as it was after each of three writes, stored as
  /// that schema stored snapshots, the second as a version 1 document; returns the documents
  /// the old reader gave for them.
  private func databaseBefore005(_ connection: PostgresConnection) throws -> [FeedDocument] {
    try migrate(connection, before: 5)
    let store = AccountStore(connection: connection)
    let ids = try store.add(seedChanges)
    let assembler = FeedAssembler()
    var expected: [FeedDocument] = []
    for (sequence, changes) in [
      [],
      [StoreChange.adjustBalance(id: ids[0], delta: 7, expectedVersion: nil)],
      [StoreChange.updateAccount(id: ids[1], AccountUpdate(name: "바뀐 통장"))],
    ].enumerated() {
      if !changes.isEmpty { try store.apply(changes, in: .anyOwner) }
      let document = try assembler.assemble(try store.feedRows(owner: seedOwner))
      var stored = String(decoding: document.encoded(), as: UTF8.self)
      if sequence == 1, case .object(var members) = document.json {
        members["version"] = .string("1.0")
        members["revision"] = .integer(2)
        stored = CanonicalJSONWriter().string(.object(members))
      }
      try connection.execute(
        """
        INSERT INTO feed_snapshots (owner_id, sequence, reason, document, digest, label)
        VALUES (\(seedOwner), \(Int64(sequence + 1)), 'before', \(PostgresJSONB(stored)),
          \(document.digest), \(sequence == 0 ? "first" : nil))
        """)
      expected.append(try FeedDocument(data: Data(stored.utf8)))
    }
    try connection.execute("UPDATE owners SET last_snapshot_sequence = 3")
    return expected
  }

  @Test func everySnapshotReadsBackByteForByteWithItsDigest() throws {
    let (expected, migrated) = try readBackAfterMigrating({ try databaseBefore005($0) })
    #expect(migrated.map { $0.encoded() } == expected.map { $0.encoded() })
    #expect(migrated.map(\.digest) == expected.map(\.digest))
    let checked = try migrated.map { try FeedDocument(data: $0.encoded()) }
    #expect(checked.map(\.digest) == expected.map(\.digest))
  }

  @Test func labelsAndReasonsSurviveTheMigration() throws {
    let infos = try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      _ = try databaseBefore005(connection)
      let store = AccountStore(connection: connection)
      try store.migrate()
      return try store.snapshots(owner: seedOwner)
    }
    #expect(infos.map(\.label) == ["first", nil, nil])
    #expect(infos.map(\.reason) == ["before", "before", "before"])
    #expect(infos.map(\.screen) == ["home", "home", "home"])
  }

  @Test func historyOfMigratedSnapshotsCountsWhatChangedAsDiffDoes() throws {
    let (logged, diffed) = try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      _ = try databaseBefore005(connection)
      let service = FeedService { AccountStore(connection: connection) }
      try service.migrate()
      let diffed = try [(1, 2), (2, 3)].map { before, after in
        try service.compare(.sequence(before), .sequence(after), owner: seedOwner).changeset
          .summary
      }
      return (try service.history(owner: seedOwner).dropFirst().map(\.summary), diffed)
    }
    #expect(logged == diffed)
    #expect(logged.allSatisfy { !$0.isEmpty })
  }

  @Test func aWriteAfterTheMigrationBuildsOnTheMigratedSnapshot() throws {
    let (stored, live) = try writeAfterMigrating({ try databaseBefore005($0) }, account: 2)
    #expect(stored.encoded() == live.encoded())
  }
}
