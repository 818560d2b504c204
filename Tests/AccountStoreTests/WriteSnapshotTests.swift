import AccountModel
import AccountStore
import Testing

/// When a write records a snapshot: only for an owner whose rows it really changed, and only
/// when the feed then differs from that owner's latest snapshot. An explicit snapshot is the
/// caller's request and is always recorded.
@Suite struct WriteSnapshotTests {
  @Test func aChangeTheScreenShowsRecordsASnapshot() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 1)
      try store.takeSnapshot(owner: "demo", render: screen)
      try store.apply(
        [.adjustBalance(id: account.id, delta: 1, expectedVersion: nil)], in: .anyOwner,
        snapshot: screen)
      #expect(try store.snapshots(owner: "demo").map(\.sequence) == [1, 2])
    }
  }

  @Test func aChangeTheScreenDoesNotShowChangesTheRowButRecordsNoSnapshot() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 1)
      try store.apply([.updateAccount(id: account.id, AccountUpdate(hidden: true))], in: .anyOwner)
      try store.takeSnapshot(owner: "demo", render: screen)
      try store.apply(
        [.updateAccount(id: account.id, AccountUpdate(name: "renamed while hidden"))],
        in: .anyOwner, snapshot: screen)
      #expect(try store.account(account.id, in: .anyOwner).version == 3)
      #expect(try store.snapshots(owner: "demo").count == 1)
      #expect(try store.owner("demo").lastSnapshotSequence == 1)
    }
  }

  @Test func theFirstChangedWriteOfAnOwnerRecordsASnapshot() throws {
    try withStore { store in
      try store.apply(
        [.addOwner(id: "kim", displayName: "Kim")], in: .anyOwner, snapshot: screen)
      #expect(try store.snapshots(owner: "kim").map(\.sequence) == [1])
    }
  }

  @Test func anExplicitSnapshotOfAnUnchangedFeedIsStillRecorded() throws {
    try withStore { store in
      let first = try store.takeSnapshot(owner: "demo", render: screen)
      let second = try store.takeSnapshot(owner: "demo", render: screen)
      #expect(second.sequence == 2)
      #expect(second.digest == first.digest)
    }
  }

  @Test func aSkippedSnapshotTakesNoSequenceNumber() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 1)
      try store.apply([.updateAccount(id: account.id, AccountUpdate(hidden: true))], in: .anyOwner)
      try store.takeSnapshot(owner: "demo", render: screen)
      try store.apply(
        [.updateAccount(id: account.id, AccountUpdate(kind: "savings"))], in: .anyOwner,
        snapshot: screen)
      try store.apply(
        [.updateAccount(id: account.id, AccountUpdate(hidden: false))], in: .anyOwner,
        snapshot: screen)
      #expect(try store.snapshots(owner: "demo").map(\.sequence) == [1, 2])
      #expect(try store.latestSnapshot(owner: "demo")?.feed.top == #"{"revision": 2}"#)
    }
  }
}
