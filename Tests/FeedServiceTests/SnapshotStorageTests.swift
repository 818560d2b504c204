import AccountFeedTestSupport
import AccountModel
import AccountStore
import FeedComponents
import Foundation
import Postgres
import Testing

@testable import FeedService

/// Snapshots are stored by reference (SQL/005): every one still reads back as the document the
/// owner was shown, byte for byte, while storage grows with what changed.
@Suite struct SnapshotStorageTests {
  /// Writes of every kind, each recording a snapshot; returns the live document after each.
  private func variedHistory(_ service: FeedService) throws -> [FeedDocument] {
    _ = try service.seedDemo()
    var shown = [try service.liveDocument(owner: "demo")]
    let ids = try service.accounts(owner: "demo").map(\.id)
    let writes: [[StoreChange]] = [
      [.adjustBalance(id: ids[0], delta: 5, expectedVersion: nil)],
      [.updateAccount(id: ids[1], AccountUpdate(name: "새 이름"))],
      [.updateAccount(id: ids[2], AccountUpdate(position: 0))],
      [.updateAccount(id: ids[0], AccountUpdate(hidden: true))],
      [
        .addAccount(
          ownerID: "demo", NewAccount(name: "외화", balance: Money(minorUnits: 10, currency: .usd)))
      ],
      [.removeAccount(id: ids[1], expectedVersion: nil)],
      [.updateAccount(id: ids[0], AccountUpdate(hidden: false))],
    ]
    for changes in writes {
      try service.apply(changes, in: .owner("demo"), reason: "test")
      shown.append(try service.liveDocument(owner: "demo"))
    }
    return shown
  }

  @Test func everySnapshotOfAChainReadsBackAsTheDocumentOfItsTime() throws {
    let (shown, stored) = try withService { service, _ in
      let shown = try variedHistory(service)
      let stored = try service.history(owner: "demo").map {
        try service.document(.sequence($0.info.sequence), owner: "demo")
      }
      return (shown, stored)
    }
    #expect(stored.count == shown.count)
    #expect(stored.map { $0.encoded() } == shown.map { $0.encoded() })
    #expect(try stored.map { try FeedDocument(data: $0.encoded()) } == shown)
  }

  @Test func aSnapshotIsADeltaOnItsPredecessor() throws {
    let bases = try withService { service, connection in
      _ = try variedHistory(service)
      return try connection.query(
        "SELECT base_sequence FROM feed_snapshots WHERE owner_id = 'demo' ORDER BY sequence"
      ).map { try $0.decode("base_sequence", as: Int64?.self) }
    }
    #expect(bases.first == .some(nil))
    #expect(bases.dropFirst().contains { $0 != nil })
  }

  /// The checkpoint carries the nodes of its own items, `feed_items` holds those the deltas
  /// after it added: together, each node once.
  @Test func eachItemNodeIsStoredOnceHoweverManySnapshotsShowIt() throws {
    let (carried, rows, distinct) = try withService { service, connection in
      let shown = try variedHistory(service)
      let carried = try connection.query(
        """
        SELECT count(*) AS n
        FROM feed_snapshots, regexp_split_to_table(rtrim(nodes, E'\\n'), E'\\n')
        """
      ).single().decode("n", as: Int64.self)
      let rows = try connection.query("SELECT count(*) AS n FROM feed_items").single()
        .decode("n", as: Int64.self)
      let distinct = Set(shown.flatMap { $0.sections.flatMap { $0.items.map(\.digest) } })
      return (carried, rows, distinct.count)
    }
    #expect(carried > 0)
    #expect(rows > 0)
    #expect(carried + rows == Int64(distinct))
  }

  @Test func aOneItemChangeOfALargeFeedStoresUnder600Bytes() throws {
    let (body, nodes) = try withService { service, connection in
      _ = try service.seedDemo()
      try service.apply(
        (0..<300).map {
          .addAccount(
            ownerID: "demo",
            NewAccount(name: "계좌 \($0)", balance: Money(minorUnits: 1_000, currency: .krw)))
        }, in: .owner("demo"), reason: "setup")
      let before = try connection.query("SELECT count(*) AS n FROM feed_items").single()
        .decode("n", as: Int64.self)
      let id = try service.accounts(owner: "demo")[150].id
      try service.apply(
        [.updateAccount(id: id, AccountUpdate(name: "바뀐 계좌"))], in: .owner("demo"),
        reason: "rename")
      let body = try connection.query(
        """
        SELECT pg_column_size(body) AS n FROM feed_snapshots
        WHERE owner_id = 'demo' ORDER BY sequence DESC LIMIT 1
        """
      ).single().decode("n", as: Int32.self)
      let nodes = try connection.query(
        "SELECT count(*) AS n FROM feed_items"
      ).single().decode("n", as: Int64.self)
      return (Int(body), nodes - before)
    }
    #expect(nodes == 1)
    #expect(body < 600)
  }

  @Test func aSnapshotIsFoundByItsDigestOnlyForItsOwner() throws {
    let (found, foreign, unknown) = try withService { service, _ in
      try seedTwoOwners(service)
      let store = try service.store()
      let digest = try #require(try store.latestSnapshot(owner: "demo")).info.digest
      return (
        try store.snapshot(owner: "demo", digest: digest)?.info.digest,
        try store.snapshot(owner: "carol", digest: digest),
        try store.snapshot(owner: "demo", digest: String(repeating: "0", count: 64))
      )
    }
    #expect(found != nil)
    #expect(foreign == nil)
    #expect(unknown == nil)
  }

  @Test func historyCountsWhatChangedAsDiffDoes() throws {
    let (logged, diffed) = try withService { service, _ in
      _ = try variedHistory(service)
      let history = try service.history(owner: "demo")
      let diffed = try zip(history, history.dropFirst()).map { before, after in
        try service.compare(
          .sequence(before.info.sequence), .sequence(after.info.sequence), owner: "demo"
        ).changeset.summary
      }
      return (history.dropFirst().map(\.summary), diffed)
    }
    #expect(logged == diffed)
  }

  @Test func aLimitedHistoryIsTheNewestEntries() throws {
    let (all, limited) = try withService { service, _ in
      _ = try variedHistory(service)
      return (
        try service.history(owner: "demo").map(\.info.sequence),
        try service.history(owner: "demo", limit: 3).map(\.info.sequence)
      )
    }
    #expect(limited == Array(all.suffix(3)))
  }
}

/// A stored snapshot the service cannot read back as a feed is damage, not the caller's input.
@Suite struct UnreadableSnapshotTests {
  /// What reading the demo owner's first snapshot says once `damage` (SQL) has been done to it.
  private func readingSnapshot(after damage: String) throws -> AccountStoreError {
    try withService { service, connection in
      _ = try service.seedDemo()
      try connection.executeScript(damage)
      return try #require(throws: AccountStoreError.self) {
        try service.document(.sequence(1), owner: "demo")
      }
    }
  }

  private func expectDamage(_ error: AccountStoreError) {
    guard case .damaged(let message) = error else {
      Issue.record("not damage: \(error)")
      return
    }
    #expect(message.hasPrefix("snapshot 1 of owner 'demo': "), "\(message)")
  }

  @Test func aStoredNodeThatIsNotJSONIsDamage() throws {
    expectDamage(
      try readingSnapshot(
        after: """
          UPDATE feed_snapshots
          SET nodes = regexp_replace(nodes, '^([0-9a-f]{64}) .*account_row.*$', '\\1 {"type":', 'gn')
          WHERE sequence = 1
          """))
  }

  @Test func aStoredTopThatIsNotAFeedIsDamage() throws {
    expectDamage(
      try readingSnapshot(
        after: """
          UPDATE feed_snapshots
          SET body = jsonb_set(body::jsonb, '{top}', to_jsonb('{"schema": "other"}'::text))::text
          """))
  }
}
