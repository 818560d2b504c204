import AccountModel
import AccountStore
import FeedVocabulary
import Postgres
import Testing

/// Snapshots of many owners in batches: `takeSnapshotOfEveryOwner` (a transaction per batch)
/// and a write that changed more than one owner (one batched step inside the write). Each owner
/// gets what a snapshot of that owner alone would store; `BulkSnapshotTests` compares the two
/// byte for byte with the real feed assembler.
@Suite struct SnapshotBatchTests {
  /// Owners `a`…`d` with one account each, besides the fixture's `demo`, which has none.
  private func addOwners(_ store: AccountStore) throws {
    for id in ["a", "b", "c", "d"] {
      try store.apply([.addOwner(id: id, displayName: id.uppercased())], in: .anyOwner)
      try store.addAccount("\(id)'s", balance: 10, owner: id)
    }
  }

  /// `screen`, with a summary of the items added and changed against the base it is given.
  private func summarized(_ rows: FeedRows) -> SnapshotContent {
    var content = screen(rows)
    let items = content.feed.sections.flatMap(\.items)
    content.summarize = { base in
      let before = base?.sections.flatMap(\.items) ?? []
      let ids = Set(before.map(\.id))
      return ChangeSummary(
        added: items.filter { !ids.contains($0.id) }.count,
        changed: items.filter { ids.contains($0.id) && !before.contains($0) }.count)
    }
    return content
  }

  private func sequences(_ store: AccountStore) throws -> [String: [Int64]] {
    var sequences: [String: [Int64]] = [:]
    for owner in try store.owners() {
      sequences[owner.id] = try store.snapshots(owner: owner.id).map(\.sequence)
    }
    return sequences
  }

  private func count(_ store: AccountStore, _ table: String) throws -> Int64 {
    try store.connection.query(PostgresQuery(unsafeSQL: "SELECT count(*) AS n FROM \(table)"))
      .single().decode("n")
  }

  @Test func everyOwnerGetsOneSnapshotWhenOwnersAreNotAMultipleOfTheBatch() throws {
    try withStore { store in
      try addOwners(store)
      try store.takeSnapshot(owner: "b", render: screen)
      var heard: [String] = []
      let taken = try store.takeSnapshotOfEveryOwner(batchSize: 2, render: screen) {
        heard.append($0.ownerID)
      }
      #expect(taken == 5)
      #expect(heard == ["a", "b", "c", "d", "demo"])
      #expect(
        try sequences(store) == ["a": [1], "b": [1, 2], "c": [1], "d": [1], "demo": [1]])
      #expect(try store.owner("b").lastSnapshotSequence == 2)
    }
  }

  @Test func whatABatchReportsIsWhatItStored() throws {
    try withStore { store in
      try addOwners(store)
      try store.takeSnapshotOfEveryOwner(batchSize: 2, render: summarized)
      try store.connection.execute("UPDATE accounts SET balance_minor = 20 WHERE name = 'b''s'")
      var heard: [SnapshotInfo] = []
      try store.takeSnapshotOfEveryOwner(batchSize: 2, render: summarized) { heard.append($0) }
      var stored: [SnapshotInfo] = []
      for owner in heard.map(\.ownerID) {
        stored += [try #require(try store.snapshots(owner: owner).last)]
      }
      #expect(heard.count == 5)
      #expect(heard == stored)
      #expect(heard.first { $0.ownerID == "b" }?.summary == ChangeSummary(changed: 1))
    }
  }

  @Test func anOwnerWithNoAccountsGetsASnapshotOfItsEmptyFeed() throws {
    try withStore { store in
      try store.takeSnapshotOfEveryOwner(batchSize: 10, render: screen)
      let snapshot = try #require(try store.latestSnapshot(owner: "demo"))
      #expect(snapshot.feed.sections.map(\.items) == [[]])
      #expect(snapshot.info.digest == screen(try store.feedRows(owner: "demo")).digest)
    }
  }

  @Test func aSnapshotOfEveryOwnerIsRecordedEvenWhenTheFeedIsUnchanged() throws {
    try withStore { store in
      let first = try store.takeSnapshot(owner: "demo", render: screen)
      try store.takeSnapshotOfEveryOwner(render: screen)
      let latest = try #require(try store.snapshots(owner: "demo").last)
      #expect(latest.sequence == 2)
      #expect(latest.digest == first.digest)
    }
  }

  @Test func aBatchedSnapshotIsADeltaOnTheOwnersLatest() throws {
    try withStore { store in
      try addOwners(store)
      try store.takeSnapshotOfEveryOwner(batchSize: 2, render: summarized)
      try store.addAccount("second", balance: 20, owner: "c")
      try store.takeSnapshotOfEveryOwner(batchSize: 2, render: summarized)
      let bases = try store.connection.query(
        "SELECT base_sequence FROM feed_snapshots WHERE owner_id = 'c' ORDER BY sequence"
      ).map { try $0.decode("base_sequence", as: Int64?.self) }
      #expect(bases == [nil, 1])
      let latest = try #require(try store.latestSnapshot(owner: "c"))
      #expect(latest.info.summary == ChangeSummary(added: 1))
      #expect(latest.feed == screen(try store.feedRows(owner: "c")).feed)
      #expect(latest.nodes.count == 2)
    }
  }

  @Test func aFailureMidRunKeepsTheEarlierBatchesAndSaysWhereItStopped() throws {
    try withStore { store in
      try addOwners(store)
      var heard: [String] = []
      let error = try #require(throws: SnapshotRunError.self) {
        try store.takeSnapshotOfEveryOwner(
          batchSize: 2,
          render: { rows in
            if rows.owner.id == "c" {
              throw AccountStoreError.invalid(field: "feed", reason: "cannot be drawn")
            }
            return screen(rows)
          },
          progress: { heard.append($0.ownerID) })
      }
      #expect(error.taken == 2)
      #expect(error.owner == "c")
      #expect(error.batch == "c"..."d")
      #expect(error.reason == .invalid(field: "feed", reason: "cannot be drawn"))
      #expect(heard == ["a", "b"])
      #expect(try sequences(store) == ["a": [1], "b": [1], "c": [], "d": [], "demo": []])
      #expect(try store.latestSnapshot(owner: "b")?.nodes.count == 1)
    }
  }

  @Test func aLabelAnOwnerAlreadyHasStopsTheRunNamingThatOwner() throws {
    try withStore { store in
      try addOwners(store)
      try store.takeSnapshot(owner: "d") { rows in
        var content = screen(rows)
        content.label = "v1"
        return content
      }
      let error = try #require(throws: SnapshotRunError.self) {
        try store.takeSnapshotOfEveryOwner(batchSize: 2) { rows in
          var content = screen(rows)
          content.label = "v1"
          return content
        }
      }
      #expect(error.taken == 2)
      #expect(error.owner == nil)
      #expect(error.reason == .alreadyExists("a snapshot labelled 'v1' of owner 'd'"))
      #expect(try sequences(store) == ["a": [1], "b": [1], "c": [], "d": [1], "demo": []])
    }
  }

  // MARK: A write that changes many owners

  @Test func aManyOwnerWriteRecordsASnapshotOnlyForOwnersWhoseScreenChanged() throws {
    try withStore { store in
      try addOwners(store)
      let hidden = try store.addAccount("hidden", balance: 1, owner: "b")
      try store.apply([.updateAccount(id: hidden.id, AccountUpdate(hidden: true))], in: .anyOwner)
      try store.takeSnapshotOfEveryOwner(render: screen)
      let accounts = try ["a", "c", "d"].map { try store.feedRows(owner: $0).accounts[0] }
      try store.apply(
        [
          .adjustBalance(id: accounts[0].id, delta: 5, expectedVersion: nil),
          .updateAccount(id: hidden.id, AccountUpdate(name: "renamed while hidden")),
          .updateAccount(id: accounts[1].id, AccountUpdate(name: accounts[1].name)),
          .adjustBalance(id: accounts[2].id, delta: 7, expectedVersion: nil),
        ], in: .anyOwner, snapshot: summarized)
      #expect(
        try sequences(store) == ["a": [1, 2], "b": [1], "c": [1], "d": [1, 2], "demo": [1]])
      for owner in ["a", "d"] {
        let latest = try #require(try store.latestSnapshot(owner: owner))
        #expect(latest.feed == screen(try store.feedRows(owner: owner)).feed)
        #expect(latest.info.summary == ChangeSummary(changed: 1))
      }
    }
  }

  @Test func aRefusedChangeInAManyOwnerWriteChangesNothing() throws {
    try withStore { store in
      try addOwners(store)
      let accounts = try ["a", "b"].map { try store.feedRows(owner: $0).accounts[0] }
      let before = try store.dump()
      #expect(throws: AccountStoreError.self) {
        try store.apply(
          [
            .adjustBalance(id: accounts[0].id, delta: 5, expectedVersion: nil),
            .adjustBalance(id: accounts[1].id, delta: 5, expectedVersion: nil),
            .adjustBalance(id: accounts[1].id, delta: 1, expectedVersion: 1),
          ], in: .anyOwner, snapshot: screen)
      }
      #expect(try store.dump() == before)
    }
  }

  @Test func aFeedThatCannotBeRenderedInAManyOwnerWriteChangesNothing() throws {
    try withStore { store in
      try addOwners(store)
      let accounts = try ["a", "b"].map { try store.feedRows(owner: $0).accounts[0] }
      let before = try store.dump()
      #expect(throws: AccountStoreError.self) {
        try store.apply(
          [
            .adjustBalance(id: accounts[0].id, delta: 5, expectedVersion: nil),
            .adjustBalance(id: accounts[1].id, delta: 5, expectedVersion: nil),
          ], in: .anyOwner
        ) { rows in
          if rows.owner.id == "b" {
            throw AccountStoreError.invalid(field: "feed", reason: "cannot be drawn")
          }
          return screen(rows)
        }
      }
      #expect(try store.dump() == before)
      #expect(try count(store, "feed_items") == 0)
    }
  }
}
