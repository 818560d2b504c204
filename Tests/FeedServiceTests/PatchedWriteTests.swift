import AccountFeedTestSupport
import AccountModel
import AccountStore
import FeedComponents
import Foundation
import Postgres
import PostgresTestSupport
import SplitMix
import Testing

@testable import FeedAssembler
@testable import FeedService

/// A write to a large feed that leaves every account where it stands is drawn in place over the
/// feed's head (SQL/008): it must record exactly the snapshot drawing the whole feed records —
/// the same document, digest and summary — while storing only what changed.
@Suite struct PatchedWriteTests {
  /// More accounts than `AccountStore.smallestHeadedFeed`, so the feed keeps a head, and than
  /// twice `SectionNode.digestChunkSize`, so its account sections are digested in chunks.
  private static let accounts = 700

  /// A layout with every kind of section: title, notices (inactive ones too), totals, accounts
  /// grouped by kind with hidden ones listed, and the visibility switches.
  private static let everySection = FeedLayout(
    title: "전체",
    sections: [
      .notices(NoticesLayout(showDismissed: false, showInactive: true)),
      .total(
        TotalLayout(
          title: "합계", label: Template(literal: "{currency} 합계"), overflowValue: "너무 큼")),
      .accounts(
        AccountsLayout(
          arrangement: .grouped, subtitle: .kind, kindTitles: ["checking": "입출금"],
          defaultKindTitle: Template(literal: "{kind}"), showHidden: true, hiddenMarker: "숨김",
          touchURL: Template(literal: "app://accounts/{id}"),
          emptyState: EmptyStateLayout(message: "없음"))),
      .visibility(VisibilityLayout(title: "보기", shownText: "보임", hiddenText: "숨김")),
    ])

  /// An owner with `accounts` accounts of three kinds and two currencies, some hidden, and two
  /// notices.
  private func seedLargeOwner(_ service: FeedService) throws -> [Int64] {
    var changes: [StoreChange] = [.addOwner(id: "big", displayName: "Big")]
    let kinds = ["checking", "savings", "loan"]
    for index in 0..<Self.accounts {
      changes.append(
        .addAccount(
          ownerID: "big",
          NewAccount(
            name: "계좌 \(index)", kind: kinds[index % 3],
            balance: Money(minorUnits: Int64(index * 1000), currency: index % 7 == 0 ? .usd : .krw),
            position: Int32(index), hidden: index % 11 == 0)))
    }
    changes.append(.addNotice(ownerID: "big", NewNotice(message: "공지")))
    changes.append(.addNotice(ownerID: "big", NewNotice(message: "점검", dismissible: false)))
    try service.apply(changes, in: .owner("big"), reason: "setup")
    return try service.accounts(owner: "big").map(\.id)
  }

  /// A random write: mostly ones that keep every account in place, some that do not.
  private func randomWrite(
    _ random: inout SplitMix64, accounts ids: [Int64], notices: [Int64]
  ) -> [StoreChange] {
    let id = ids[random.below(ids.count)]
    switch random.below(10) {
    case 0, 1, 2:
      return [.adjustBalance(id: id, delta: Int64(random.below(5000)) - 2500, expectedVersion: nil)]
    case 3: return [.updateAccount(id: id, AccountUpdate(name: "이름 \(random.below(1000))"))]
    case 4:
      return [
        .adjustBalance(id: id, delta: 7, expectedVersion: nil),
        .adjustBalance(id: ids[random.below(ids.count)], delta: -3, expectedVersion: nil),
      ]
    case 5:
      return [.updateAccount(id: id, AccountUpdate(currency: random.chance(50) ? .usd : .krw))]
    case 6:
      return notices.isEmpty
        ? [.addNotice(ownerID: "big", NewNotice(message: "새 공지"))]
        : [.dismissNotice(id: notices[random.below(notices.count)])]
    case 7: return [.updateAccount(id: id, AccountUpdate(hidden: random.chance(50)))]
    case 8: return [.updateAccount(id: id, AccountUpdate(position: Int32(random.below(300))))]
    default: return [.addNotice(ownerID: "big", NewNotice(message: "공지 \(random.below(100))"))]
    }
  }

  /// Runs random writes and checks, after each, the latest snapshot against the live document
  /// and its stored summary against a diff of the two documents.
  private func checkRandomWrites(layout: FeedLayout, seed: UInt64) throws {
    try withService(layout: layout) { service, connection in
      let ids = try seedLargeOwner(service)
      var random = SplitMix64(seed: seed)
      var previous = try service.document(.latest(back: 0), owner: "big")
      try #require(previous.sections.contains { $0.items.count > 2 * SectionNode.digestChunkSize })
      for step in 0..<60 {
        let notices = try service.feedRows(owner: "big").notices.filter {
          $0.dismissedAt == nil && $0.dismissible
        }
        .map(\.id)
        try service.apply(
          randomWrite(&random, accounts: ids, notices: notices), in: .owner("big"),
          reason: "step \(step)")
        let live = try service.liveDocument(owner: "big")
        let latest = try service.document(.latest(back: 0), owner: "big")
        #expect(latest.encoded() == live.encoded(), "step \(step)")
        let entry = try #require(try service.history(owner: "big", limit: 1).last)
        if previous.digest != latest.digest {
          let expected = StoredFeedSection.summary(
            from: previous.stored.feed, to: latest.stored.feed)
          let stored = entry.summary
          #expect(stored.added == expected.added, "step \(step)")
          #expect(stored.changed == expected.changed, "step \(step)")
          #expect(stored.removed == expected.removed, "step \(step)")
          #expect(stored.moved == expected.moved, "step \(step)")
        }
        previous = latest
      }
    }
  }

  @Test func randomWritesRecordWhatDrawingTheWholeFeedRecords() throws {
    try checkRandomWrites(layout: .default, seed: 10)
  }

  @Test func randomWritesRecordWhatDrawingTheWholeFeedRecordsWithEverySection() throws {
    try checkRandomWrites(layout: Self.everySection, seed: 11)
  }

  @Test func aOneBalanceWriteStoresOneItemByID() throws {
    let (body, nodes) = try withService(layout: .default) { service, connection in
      let ids = try seedLargeOwner(service)
      let before = try connection.query("SELECT count(*) AS n FROM feed_items").single()
        .decode("n", as: Int64.self)
      try service.updateAccount(ids[5], AccountUpdate(), delta: 1, in: .owner("big"))
      let after = try connection.query("SELECT count(*) AS n FROM feed_items").single()
        .decode("n", as: Int64.self)
      let body = try connection.query(
        "SELECT body::text AS body FROM feed_snapshots WHERE owner_id = 'big' ORDER BY sequence DESC LIMIT 1"
      ).single().decode("body", as: String.self)
      return (body, after - before)
    }
    #expect(body.contains("\"set\":[[\"account/"))
    #expect(body.utf8.count < 400)
    #expect(nodes == 1)
  }

  /// Changes a balance behind the store's back while claiming to be the store (the mark
  /// `SQL/014` trusts), so the head is kept and only a write that draws the whole feed shows
  /// the change: what tells a patched write from a whole one.
  private func bypass(_ connection: PostgresConnection, account id: Int64) throws {
    try connection.transaction { tx in
      try tx.executeScript(AccountStore.storeWriteMark)
      try tx.execute("UPDATE accounts SET balance_minor = 123456789 WHERE id = \(id)")
    }
  }

  /// An account changed by another program (no mark): the head is dropped, so the next write
  /// draws the whole feed and its snapshot is the live feed, the outside change included.
  @Test func aWriteAfterAnOutsideChangeRecordsTheLiveFeed() throws {
    let (latest, live, heads) = try withService(layout: .default) { service, connection in
      let ids = try seedLargeOwner(service)
      try connection.execute("UPDATE accounts SET balance_minor = 123456789 WHERE id = \(ids[8])")
      let heads = try connection.query("SELECT count(*) AS n FROM feed_heads").single()
        .decode("n", as: Int64.self)
      try service.updateAccount(ids[3], AccountUpdate(name: "새 이름"), delta: nil, in: .owner("big"))
      let latest = try service.document(.latest(back: 0), owner: "big")
      return (latest, try service.liveDocument(owner: "big"), heads)
    }
    let changed = shows(latest, "123,456,789원")
    #expect(heads == 0)
    #expect(latest.encoded() == live.encoded())
    #expect(changed)
  }

  private func shows(_ document: FeedDocument, _ text: String) -> Bool {
    String(decoding: document.encoded(), as: UTF8.self).contains(text)
  }

  /// Also the store's own writes keeping the head: were the write not marked as the store's,
  /// `SQL/014` would drop the head and the write would draw the whole feed.
  @Test func aPatchedWriteDrawsOnlyTheRowsItChanged() throws {
    let latest = try withService(layout: .default) { service, connection in
      let ids = try seedLargeOwner(service)
      try bypass(connection, account: ids[8])
      try service.updateAccount(ids[3], AccountUpdate(name: "바뀐 이름"), delta: nil, in: .owner("big"))
      return try service.document(.latest(back: 0), owner: "big")
    }
    let (renamed, bypassed) = (shows(latest, "바뀐 이름"), shows(latest, "123,456,789원"))
    #expect(renamed)
    #expect(!bypassed)
  }

  @Test func aHeadDrawnByAnotherLayoutIsNotPatched() throws {
    try TestDatabase.with(.migrated) { database in
      let connection = try database.connect()
      let store = AccountStore(connection: connection)
      let first = FeedService(layout: .default) { store }
      let ids = try seedLargeOwner(first)
      try bypass(connection, account: ids[8])
      var renamed = FeedLayout.default
      renamed.title = "다른 제목"
      let second = FeedService(layout: renamed) { store }
      try second.updateAccount(ids[3], AccountUpdate(), delta: 1, in: .owner("big"))
      let latest = try second.document(.latest(back: 0), owner: "big")
      #expect(latest.encoded() == (try second.liveDocument(owner: "big")).encoded())
      let bypassed = shows(latest, "123,456,789원")
      #expect(bypassed)
    }
  }

  @Test func theHeadFollowsTheLatestSnapshotRowForRow() throws {
    let (items, chunks, chunkDigests, feed) = try withService(layout: Self.everySection) {
      service, connection in
      let ids = try seedLargeOwner(service)
      try service.updateAccount(ids[1], AccountUpdate(), delta: 5, in: .owner("big"))
      try service.updateAccount(ids[2], AccountUpdate(position: 0), delta: nil, in: .owner("big"))
      try service.updateAccount(ids[3], AccountUpdate(name: "새"), delta: nil, in: .owner("big"))
      let items = try connection.query(
        "SELECT section_id, item_id, digest FROM feed_head_items WHERE owner_id = 'big'"
      ).map {
        "\(try $0.decode("section_id", as: String.self)) \(try $0.decode("item_id", as: String.self)) \(try $0.decode("digest", as: String.self))"
      }
      let chunks = try connection.query(
        """
        SELECT section_id,
          string_agg('["' || item_id || '","' || digest || '"]', ',' ORDER BY position) AS refs
        FROM feed_head_items WHERE owner_id = 'big' GROUP BY section_id ORDER BY section_id
        """
      ).map {
        "\(try $0.decode("section_id", as: String.self)) [\(try $0.decode("refs", as: String.self))]"
      }
      let chunkDigests = try connection.query(
        "SELECT section_id, chunk, digest FROM feed_head_chunks WHERE owner_id = 'big'"
      ).map {
        "\(try $0.decode("section_id", as: String.self)) \(try $0.decode("chunk", as: Int.self)) \(try $0.decode("digest", as: String.self))"
      }
      return (
        items, chunks, chunkDigests,
        try service.document(.latest(back: 0), owner: "big").stored.feed
      )
    }
    let sections = feed.sections.sorted { $0.id < $1.id }
    #expect(
      items.sorted()
        == sections.flatMap { section in section.items.map { "\(section.id) \($0.id) \($0.digest)" }
        }
        .sorted())
    #expect(
      chunks
        == sections.filter { !$0.items.isEmpty }.map { section in
          "\(section.id) ["
            + section.items.map { "[\"\($0.id)\",\"\($0.digest)\"]" }.joined(separator: ",") + "]"
        })
    // Every chunk's digest is the SHA-256 of its 256 pairs' canonical JSON, as the renderer
    // hashes a long section's chunks.
    let size = SectionNode.digestChunkSize
    #expect(
      chunkDigests.sorted()
        == sections.flatMap { section in
          stride(from: 0, to: section.items.count, by: size).map { start in
            let pairs = section.items[start..<min(start + size, section.items.count)].map {
              "[\"\($0.id)\",\"\($0.digest)\"]"
            }
            let digest = SHA256.hexDigest(
              of: Array(("[" + pairs.joined(separator: ",") + "]").utf8))
            return "\(section.id) \(start / size) \(digest)"
          }
        }.sorted())
  }

  @Test func aSmallFeedKeepsNoHead() throws {
    let heads = try withService(layout: .default) { service, connection in
      _ = try service.seedDemo()
      let id = try service.accounts(owner: "demo")[0].id
      try service.updateAccount(id, AccountUpdate(), delta: 1, in: .owner("demo"))
      return try connection.query("SELECT count(*) AS n FROM feed_heads").single()
        .decode("n", as: Int64.self)
    }
    #expect(heads == 0)
  }
}
