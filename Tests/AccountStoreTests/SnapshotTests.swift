import AccountModel
import AccountStore
import Testing

@Suite struct SnapshotTests {
  private func render(_ label: String? = nil) -> @Sendable (FeedRows) -> SnapshotContent {
    { rows in
      testContent(
        items: rows.accounts.map { (id: "account/\($0.id)", text: $0.name) }, label: label,
        reason: "snapshot")
    }
  }

  @Test func snapshotsAreNumberedPerOwnerFromOne() throws {
    try withStore { store in
      try store.apply([.addOwner(id: "kim", displayName: "Kim")], in: .anyOwner)
      try store.takeSnapshot(owner: "demo", render: render())
      try store.takeSnapshot(owner: "demo", render: render())
      try store.takeSnapshot(owner: "kim", render: render())
      #expect(try store.snapshots(owner: "demo").map(\.sequence) == [1, 2])
      #expect(try store.snapshots(owner: "kim").map(\.sequence) == [1])
    }
  }

  @Test func snapshotStoresTheDocumentRenderedFromRowsOfTheSameTransaction() throws {
    try withStore { store in
      try store.addAccount("a", balance: 1)
      let info = try store.takeSnapshot(owner: "demo", render: render("first"))
      let loaded = try store.snapshot(owner: "demo", label: "first")
      #expect(loaded.info == info)
      #expect(loaded.feed.sections.map { $0.items.map(\.id) } == [["account/1"]])
      #expect(loaded.nodes == [testDigest("a"): #"{"text": "a"}"#])
      #expect(try store.snapshot(owner: "demo", sequence: 1) == loaded)
      #expect(try store.latestSnapshot(owner: "demo") == loaded)
    }
  }

  @Test func writesCanRecordTheResultingFeedInTheSameTransaction() throws {
    try withStore { store in
      try store.apply(
        [
          .addAccount(
            ownerID: "demo", NewAccount(name: "a", balance: Money(minorUnits: 1, currency: .krw)))
        ],
        in: .anyOwner,
        snapshot: render())
      let latest = try #require(try store.latestSnapshot(owner: "demo"))
      #expect(latest.feed.sections.map { $0.items.map(\.id) } == [["account/1"]])
    }
  }

  @Test func rowsRenderedForASnapshotCarryItsSequence() throws {
    try withStore { store in
      var seen: [Int64] = []
      for _ in 0..<2 {
        try store.takeSnapshot(owner: "demo") { rows in
          seen.append(rows.owner.lastSnapshotSequence)
          return testContent(items: [], reason: "snapshot")
        }
      }
      #expect(seen == [1, 2])
      #expect(try store.owner("demo").lastSnapshotSequence == 2)
    }
  }

  @Test func aFailedWriteRecordsNoSnapshot() throws {
    try withStore { store in
      let before = try store.dump()
      #expect(throws: AccountStoreError.self) {
        try store.apply(
          [.updateAccount(id: 77, AccountUpdate(name: "x"))], in: .anyOwner, snapshot: render())
      }
      #expect(try store.dump() == before)
    }
  }

  @Test func aDuplicateLabelIsRefused() throws {
    try withStore { store in
      try store.takeSnapshot(owner: "demo", render: render("v1"))
      #expect(throws: AccountStoreError.self) {
        try store.takeSnapshot(owner: "demo", render: render("v1"))
      }
      #expect(try store.snapshots(owner: "demo").count == 1)
    }
  }

  @Test func aLabelThatLooksLikeAFeedFileIsRefused() throws {
    try withStore { store in
      #expect(throws: AccountStoreError.self) {
        try store.takeSnapshot(owner: "demo", render: render("v1.json"))
      }
      let snapshots = try store.snapshots(owner: "demo")
      #expect(snapshots.isEmpty)
    }
  }

  @Test func unknownSnapshotIsNotFound() throws {
    try withStore { store in
      #expect(throws: AccountStoreError.notFound("snapshot 9 of owner 'demo'")) {
        try store.snapshot(owner: "demo", sequence: 9)
      }
      let latest = try store.latestSnapshot(owner: "demo")
      #expect(latest == nil)
    }
  }
}
