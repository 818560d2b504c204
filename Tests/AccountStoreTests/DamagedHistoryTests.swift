import AccountModel
import AccountStore
import Testing

/// Stored history the store cannot read back — edited by hand, or damaged — is reported as
/// damaged, not as the caller's bad input or as something that does not exist, and nothing is
/// written on top of it.
@Suite struct DamagedHistoryTests {
  @Test func aBodyTheChainCannotReadIsDamage() throws {
    try withStore { store in
      try twoSnapshots(store)
      try store.connection.executeScript(
        "UPDATE feed_snapshots SET body = '{\"sections\": 7}' WHERE sequence = 2")
      let error = try #require(throws: AccountStoreError.self) {
        try store.snapshot(owner: "demo", sequence: 2)
      }
      #expect(error.damage?.hasPrefix("snapshot 2 of owner 'demo': ") == true, "\(error)")
    }
  }

  @Test func aChainWithoutItsCheckpointIsDamage() throws {
    try withStore { store in
      try twoSnapshots(store)
      try store.connection.executeScript("DELETE FROM feed_snapshots WHERE sequence = 1")
      let error = try #require(throws: AccountStoreError.self) {
        try store.snapshot(owner: "demo", sequence: 2)
      }
      #expect(
        error == .damaged("snapshot 2 of owner 'demo' has no checkpoint to start from"))
    }
  }

  @Test func aBatchMeetingAChainWithoutItsCheckpointSaysSoAndKeepsNothingOfThatBatch() throws {
    try withStore { store in
      try twoSnapshots(store)
      try store.connection.executeScript("DELETE FROM feed_snapshots WHERE sequence = 1")
      let before = try store.dump()
      let error = try #require(throws: SnapshotRunError.self) {
        try store.takeSnapshotOfEveryOwner(render: screen)
      }
      #expect(
        error.reason == .damaged("snapshot 2 of owner 'demo' has no checkpoint to start from"))
      #expect(try store.dump() == before)
    }
  }

  /// Snapshot 2 is a delta, whose changed item's node is a row of `feed_items`.
  @Test func aMissingItemNodeIsDamage() throws {
    try withStore { store in
      try twoSnapshots(store)
      try store.connection.executeScript("DELETE FROM feed_items")
      let error = try #require(throws: AccountStoreError.self) {
        try store.snapshot(owner: "demo", sequence: 2)
      }
      #expect(error.damage?.hasPrefix("the stored item with digest ") == true, "\(error)")
    }
  }

  @Test func carriedNodesThatAreNotLinesOfADigestAndANodeAreDamage() throws {
    try withStore { store in
      try twoSnapshots(store)
      let digest = String(repeating: "a", count: 64)
      for nodes in ["\(digest) {}", "\(digest)\n", "\(digest) \n", "abc {}\n", "\(digest)x{}\n"] {
        _ = try store.connection.query(
          "UPDATE feed_snapshots SET nodes = \(nodes) WHERE sequence = 1")
        let error = try #require(throws: AccountStoreError.self) {
          try store.snapshot(owner: "demo", sequence: 2)
        }
        #expect(
          error
            == .damaged(
              "snapshot 1 of owner 'demo' carries item nodes that are not lines of a digest and a node"
            ), "\(nodes)")
      }
    }
  }

  @Test func aWriteOnDamagedHistoryChangesNothing() throws {
    try withStore { store in
      let account = try twoSnapshots(store)
      try store.connection.executeScript(
        "UPDATE feed_snapshots SET body = 'not json' WHERE sequence = 2")
      let before = try store.dump()
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(
          [.adjustBalance(id: account.id, delta: 1, expectedVersion: nil)], in: .anyOwner,
          snapshot: screen)
      }
      #expect(error.damage != nil, "\(error)")
      #expect(try store.dump() == before)
    }
  }

  @Test func damageSaysSoInOneLine() {
    let error = AccountStoreError.damaged("the stored item with digest ab is missing")
    #expect(
      error.description
        == "the stored history is damaged: the stored item with digest ab is missing")
  }
}

extension AccountStoreError {
  /// What the error says is damaged; nil for any other error.
  fileprivate var damage: String? {
    if case .damaged(let what) = reason { what } else { nil }
  }
}
