import AccountModel
import Postgres
import Testing

@testable import AccountStore

/// A checkpoint of a feed too short to keep a head carries its item nodes in its own row
/// (`feed_snapshots.nodes`, SQL/013); every other node is a row of `feed_items`. A snapshot reads
/// back whole either way, also after a prune takes the carrying checkpoint away.
@Suite struct CarriedNodesTests {
  private func number(_ store: AccountStore, _ sql: String) throws -> Int64 {
    try store.connection.query(PostgresQuery(unsafeSQL: sql)).single().decode("n")
  }

  private func itemRows(_ store: AccountStore) throws -> Int64 {
    try number(store, "SELECT count(*) AS n FROM feed_items")
  }

  private func carried(_ store: AccountStore, sequence: Int64) throws -> Int64 {
    try number(
      store,
      """
      SELECT count(line) AS n FROM feed_snapshots
        LEFT JOIN regexp_split_to_table(rtrim(nodes, E'\\n'), E'\\n') AS line ON true
      WHERE owner_id = 'demo' AND sequence = \(sequence)
      """)
  }

  /// Snapshot 1 of two accounts, then a balance change: snapshot 2, a delta.
  private func twoSnapshots(_ store: AccountStore) throws -> Account {
    let account = try store.addAccount("a", balance: 1)
    _ = try store.addAccount("b", balance: 2)
    try store.takeSnapshot(owner: "demo", render: screen)
    try store.apply(
      [.adjustBalance(id: account.id, delta: 1, expectedVersion: nil)], in: .anyOwner,
      snapshot: screen)
    return account
  }

  @Test func aShortFeedsCheckpointCarriesItsNodesAndAddsNoItemRow() throws {
    try withStore { store in
      _ = try store.addAccount("a", balance: 1)
      _ = try store.addAccount("b", balance: 2)
      try store.takeSnapshot(owner: "demo", render: screen)
      let content = screen(try store.feedRows(owner: "demo"))
      #expect(try carried(store, sequence: 1) == 2)
      #expect(try itemRows(store) == 0)
      let snapshot = try store.snapshot(owner: "demo", sequence: 1)
      #expect(snapshot.feed == content.feed)
      #expect(snapshot.nodes == content.nodes(content.feed.itemDigests))
    }
  }

  @Test func aDeltaAddsOnlyItsNewNodeAsARow() throws {
    try withStore { store in
      _ = try twoSnapshots(store)
      #expect(try carried(store, sequence: 2) == 0)
      #expect(try itemRows(store) == 1)
      let content = screen(try store.feedRows(owner: "demo"))
      let snapshot = try store.snapshot(owner: "demo", sequence: 2)
      #expect(snapshot.feed == content.feed)
      #expect(snapshot.nodes == content.nodes(content.feed.itemDigests))
    }
  }

  @Test func aFeedLongEnoughForAHeadKeepsItsNodesAsRows() throws {
    try withStore { store in
      try store.apply(
        (0..<AccountStore.smallestHeadedFeed).map {
          .addAccount(
            ownerID: "demo",
            NewAccount(name: "계좌 \($0)", balance: Money(minorUnits: 1, currency: .krw)))
        }, in: .anyOwner)
      try store.takeSnapshot(owner: "demo", render: screen)
      #expect(try carried(store, sequence: 1) == 0)
      #expect(try itemRows(store) == Int64(AccountStore.smallestHeadedFeed))
      #expect(
        try store.snapshot(owner: "demo", sequence: 1).nodes.count
          == AccountStore.smallestHeadedFeed)
    }
  }

  /// Snapshot 2 loses its base, so it is written again as a checkpoint that refers to its
  /// items, and the nodes snapshot 1 carried become rows that survive the prune's collection.
  @Test func pruningTheCarryingCheckpointKeepsTheSnapshotsAfterItWhole() throws {
    try withStore { store in
      let account = try twoSnapshots(store)
      try store.apply(
        [.adjustBalance(id: account.id, delta: 1, expectedVersion: nil)], in: .anyOwner,
        snapshot: screen)
      let before = try [2, 3].map { try store.snapshot(owner: "demo", sequence: $0) }
      let result = try store.pruneSnapshots(retention: SnapshotRetention(keepLast: 2))
      #expect(result.snapshots == 1)
      #expect(try store.snapshots(owner: "demo").map(\.sequence) == [2, 3])
      let after = try [2, 3].map { try store.snapshot(owner: "demo", sequence: $0) }
      #expect(after.map(\.feed) == before.map(\.feed))
      #expect(after.map(\.nodes) == before.map(\.nodes))
    }
  }
}
