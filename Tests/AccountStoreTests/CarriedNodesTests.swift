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

  private func addAccounts(_ store: AccountStore, _ prefix: String, count: Int) throws {
    try store.apply(
      (0..<count).map {
        .addAccount(
          ownerID: "demo",
          NewAccount(name: "\(prefix)\($0)", balance: Money(minorUnits: 1, currency: .krw)))
      }, in: .anyOwner)
  }

  private func isCheckpoint(_ store: AccountStore, _ sequence: Int64) throws -> Bool {
    try store.connection.query(
      "SELECT base_sequence IS NULL AS checkpoint FROM feed_snapshots WHERE sequence = \(sequence)"
    ).single().decode("checkpoint")
  }

  /// Moves the balances of the accounts named `prefix…` and snapshots the feed with `snapshot`
  /// until a write stores a checkpoint (the deltas outgrow the chain's budget); returns its
  /// sequence.
  private func writeUntilACheckpoint(
    _ store: AccountStore, moving prefix: String, snapshot: (AccountStore) throws -> Int64
  ) throws -> Int64? {
    for _ in 0..<40 {
      _ = try store.connection.query(
        "UPDATE accounts SET balance_minor = balance_minor + 1 WHERE name LIKE \(prefix + "%")")
      let sequence = try snapshot(store)
      if try isCheckpoint(store, sequence) { return sequence }
    }
    return nil
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

  @Test func aCheckpointWhoseRendererLeftANodeOutIsRefusedNamingTheFirstMissing() throws {
    try withStore { store in
      _ = try store.addAccount("a", balance: 1)
      _ = try store.addAccount("b", balance: 2)
      let before = try store.dump()
      var missing: String?
      let error = try #require(throws: AccountStoreError.self) {
        try store.takeSnapshot(owner: "demo") { rows in
          var content = screen(rows)
          missing = content.feed.itemDigests.sorted().first
          content.nodes = { _ in [:] }
          return content
        }
      }
      #expect(
        error
          == .invalid(
            field: "snapshot",
            reason: "the item with digest \(try #require(missing)) comes without its node"))
      #expect(try store.dump() == before)
    }
  }

  @Test func aDeltaAddsOnlyItsNewNodeAsARow() throws {
    try withStore { store in
      try twoSnapshots(store)
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

  /// A feed that outgrew the carrying checkpoint of its chain: its next checkpoint refers to
  /// its nodes, so every one of them — those the old checkpoint carried too — goes in
  /// `feed_items`.
  @Test func aCheckpointThatRefersToItsNodesAfterACarryingOneStoresThemAll() throws {
    try withStore { store in
      try addAccounts(store, "a", count: 150)
      try store.takeSnapshot(owner: "demo", render: screen)
      try addAccounts(store, "b", count: 60)
      let checkpoint = try #require(
        try writeUntilACheckpoint(store, moving: "b") {
          try $0.takeSnapshot(owner: "demo", render: screen).sequence
        })
      #expect(try carried(store, sequence: checkpoint) == 0)
      #expect(try store.snapshot(owner: "demo", sequence: checkpoint).nodes.count == 210)
    }
  }

  @Test func aBatchCheckpointThatRefersToItsNodesAfterACarryingOneStoresThemAll() throws {
    try withStore { store in
      try addAccounts(store, "a", count: 150)
      try store.takeSnapshotOfEveryOwner(render: screen)
      try addAccounts(store, "b", count: 60)
      let checkpoint = try #require(
        try writeUntilACheckpoint(store, moving: "b") {
          try $0.takeSnapshotOfEveryOwner(render: screen)
          return try $0.owner("demo").lastSnapshotSequence
        })
      #expect(try store.snapshot(owner: "demo", sequence: checkpoint).nodes.count == 210)
    }
  }

  /// The labelled snapshot 1 stays, and the latest loses every snapshot between: it is written
  /// again as a delta on snapshot 1, in that chain, and the nodes it names that only the
  /// second chain's checkpoint carried are put in `feed_items` first.
  @Test func pruningRebasesADeltaOntoAnotherChainWithTheNodesItNeeds() throws {
    try withStore { store in
      try addAccounts(store, "a", count: 190)
      try store.takeSnapshot(owner: "demo") {
        var content = screen($0)
        content.label = "first"
        return content
      }
      let second = try #require(
        try writeUntilACheckpoint(store, moving: "a") {
          try $0.takeSnapshot(owner: "demo", render: screen).sequence
        })
      #expect(try carried(store, sequence: second) == 190)
      let id = try #require(try store.feedRows(owner: "demo").accounts.first).id
      try store.apply(
        [.adjustBalance(id: id, delta: 1, expectedVersion: nil)], in: .anyOwner,
        snapshot: screen)
      let latest = try store.owner("demo").lastSnapshotSequence
      let before = try store.snapshot(owner: "demo", sequence: latest)
      _ = try store.pruneSnapshots(retention: SnapshotRetention(keepLast: 1))
      #expect(try store.snapshots(owner: "demo").map(\.sequence) == [1, latest])
      let after = try store.snapshot(owner: "demo", sequence: latest)
      #expect(after.feed == before.feed)
      #expect(after.nodes == before.nodes)
    }
  }

  /// The delta that added the `c` accounts stored their nodes as rows, and the carrying
  /// checkpoint after it shows them too; once a prune takes the delta, those rows go, since
  /// the checkpoint left carries every node it shows.
  @Test func pruningTheChainsBeforeACarryingCheckpointFreesTheirItemRows() throws {
    try withStore { store in
      try addAccounts(store, "a", count: 100)
      try addAccounts(store, "b", count: 30)
      try store.takeSnapshot(owner: "demo", render: screen)
      try addAccounts(store, "c", count: 20)
      try store.takeSnapshot(owner: "demo", render: screen)
      let checkpoint = try #require(
        try writeUntilACheckpoint(store, moving: "b") {
          try $0.takeSnapshot(owner: "demo", render: screen).sequence
        })
      #expect(try carried(store, sequence: checkpoint) == 150)
      let before = try store.snapshot(owner: "demo", sequence: checkpoint)
      _ = try store.pruneSnapshots(retention: SnapshotRetention(keepLast: 1))
      #expect(try store.snapshots(owner: "demo").map(\.sequence) == [checkpoint])
      #expect(try itemRows(store) == 0)
      let after = try store.snapshot(owner: "demo", sequence: checkpoint)
      #expect(after.feed == before.feed)
      #expect(after.nodes == before.nodes)
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
