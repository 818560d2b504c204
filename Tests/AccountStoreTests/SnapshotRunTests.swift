import AccountFeedTestSupport
import AccountModel
import AccountStore
import Foundation
import Postgres
import PostgresTestSupport
import Testing

/// `takeSnapshotOfEveryOwner(alongside:)`: a run on two connections, one batch drawn while the
/// other is stored, keeps and reports exactly what a run on one connection would.
@Suite struct SnapshotRunTests {
  /// A store and a second store on its own connection to the same database, with owners
  /// `o01`…`o<count>`, each with one account of the same name and balance (so every owner's
  /// feed shares its item node with every other's).
  private func withTwoStores(
    owners count: Int, _ body: (AccountStore, AccountStore) throws -> Void
  ) throws {
    try TestDatabase.with(.migrated) { database in
      let store = AccountStore(connection: try database.connect())
      for index in 1...count {
        let id = String(format: "o%02d", index)
        try store.apply([.addOwner(id: id, displayName: id)], in: .anyOwner)
        try store.addAccount("same", balance: 10, owner: id)
      }
      try body(store, AccountStore(connection: try database.connect()))
    }
  }

  private func owners(_ count: Int) -> [String] {
    (1...count).map { String(format: "o%02d", $0) }
  }

  private func snapshotCounts(_ store: AccountStore) throws -> [String: Int] {
    var counts: [String: Int] = [:]
    for owner in try store.owners() {
      counts[owner.id] = try store.snapshots(owner: owner.id).count
    }
    return counts
  }

  @Test func everyOwnerGetsOneSnapshotAndProgressHearsThemInOrder() throws {
    try withTwoStores(owners: 12) { store, other in
      var heard: [String] = []
      let taken = try store.takeSnapshotOfEveryOwner(
        batchSize: 1, alongside: other, render: screen, progress: { heard.append($0.ownerID) })
      #expect(taken == 12)
      #expect(heard == owners(12))
      #expect(
        try snapshotCounts(store) == Dictionary(uniqueKeysWithValues: owners(12).map { ($0, 1) }))
      for owner in owners(12) {
        let latest = try #require(try store.latestSnapshot(owner: owner))
        #expect(latest.feed == screen(try store.feedRows(owner: owner)).feed)
      }
    }
  }

  /// Checkpoints of short feeds carry their nodes, so the shared node is a delta's: every
  /// owner's balance moves to the same value between two runs.
  @Test func batchesThatStoreTheSameItemNodeDoNotWaitOnEachOther() throws {
    try withTwoStores(owners: 20) { store, other in
      try store.takeSnapshotOfEveryOwner(batchSize: 1, alongside: other, render: screen)
      try store.connection.executeScript("UPDATE accounts SET balance_minor = 11")
      try store.takeSnapshotOfEveryOwner(batchSize: 1, alongside: other, render: screen)
      let nodes = try store.connection.query("SELECT count(*) AS n FROM feed_items").single()
        .decode("n", as: Int64.self)
      #expect(nodes == 1)
    }
  }

  @Test func aFailureKeepsExactlyTheBatchesBeforeItEvenWhenLaterOnesWereDrawn() throws {
    try withTwoStores(owners: 10) { store, other in
      var heard: [String] = []
      let error = try #require(throws: SnapshotRunError.self) {
        try store.takeSnapshotOfEveryOwner(
          batchSize: 1, alongside: other,
          render: { rows in
            if rows.owner.id == "o04" {
              // Long enough for the other connection to draw and be ready to store later
              // batches, which must give way rather than commit.
              Thread.sleep(forTimeInterval: 0.3)
              throw AccountStoreError.invalid(field: "feed", reason: "cannot be drawn")
            }
            return screen(rows)
          },
          progress: { heard.append($0.ownerID) })
      }
      #expect(error.taken == 3)
      #expect(error.owner == "o04")
      #expect(error.batch == "o04"..."o04")
      #expect(heard == ["o01", "o02", "o03"])
      let counts = try snapshotCounts(store)
      #expect(owners(10).map { counts[$0] } == [1, 1, 1, 0, 0, 0, 0, 0, 0, 0])
    }
  }

  @Test func theSameConnectionAlongsideRunsAsOne() throws {
    try withTwoStores(owners: 4) { store, _ in
      let same = AccountStore(connection: store.connection)
      let taken = try store.takeSnapshotOfEveryOwner(batchSize: 1, alongside: same, render: screen)
      #expect(taken == 4)
    }
  }
}
