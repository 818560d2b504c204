import Foundation
import Postgres
import Testing

@testable import AccountStore

/// `SQL/011`: a write finds a head's items by their key, whatever the planner knows of the
/// table — even when its statistics are those of an empty table, as right after a long feed's
/// head is first written.
@Suite struct HeadLookupTests {
  /// A head of `count` items for the demo owner, written after the tables were analysed empty.
  func headWithStaleStatistics(_ store: AccountStore, items count: Int) throws
    -> FeedHeadRows
  {
    try store.connection.executeScript(
      """
      ANALYZE feed_head_items;
      INSERT INTO feed_heads (owner_id, screen, sequence, renderer, top, sections, checkpoint_bytes)
      VALUES ('demo', 'home', 1, 'test', '{}', '[]', 0);
      INSERT INTO feed_head_items (owner_id, screen, item_id, section_id, chunk, position, digest)
      SELECT 'demo', 'home', 'account/' || n, 'accounts', n / 256, n, repeat('0', 64)
      FROM generate_series(1, \(count)) AS n;
      """)
    return FeedHeadRows(owner: "demo", screen: "home")
  }

  /// The plan `query` ran with, as `EXPLAIN ANALYZE` prints it.
  func plan(of query: PostgresQuery, on connection: PostgresConnection) throws -> String {
    var explained = query
    explained.sql = "EXPLAIN ANALYZE " + query.sql
    return try connection.transaction { tx in
      try tx.query(explained).map { try $0.decode(at: 0, as: String.self) }
    }.joined(separator: "\n")
  }

  @Test func aChangedItemsPlaceIsReadByKey() throws {
    try withStore { store in
      let head = try headWithStaleStatistics(store, items: 2_000)
      let plan = try plan(of: head.places(of: ["account/7"]), on: store.connection)
      #expect(plan.contains("feed_head_items_pkey"), "\(plan)")
      #expect(!plan.contains("Rows Removed by Filter"), "\(plan)")
    }
  }

  @Test func aChangedItemsDigestIsWrittenByKey() throws {
    try withStore { store in
      let head = try headWithStaleStatistics(store, items: 2_000)
      let place = FeedHeadRows.Place(
        sectionID: "accounts", chunk: 0, digest: String(repeating: "0", count: 64))
      let update = head.replacing(
        [StoredItem(id: "account/7", digest: String(repeating: "1", count: 64))],
        at: ["account/7": place])[0]
      let plan = try plan(of: update, on: store.connection)
      #expect(plan.contains("feed_head_items_pkey"), "\(plan)")
      #expect(!plan.contains("Rows Removed by Filter"), "\(plan)")
    }
  }
}

extension HeadLookupTests {
  /// `SQL/016`: a changed item's chunk digest is computed from that chunk's rows alone.
  @Test func aChangedChunksDigestReadsThatChunksRows() throws {
    try withStore { store in
      let head = try headWithStaleStatistics(store, items: 2_000)
      let place = FeedHeadRows.Place(
        sectionID: "accounts", chunk: 0, digest: String(repeating: "0", count: 64))
      let update = head.replacing(
        [StoredItem(id: "account/7", digest: String(repeating: "1", count: 64))],
        at: ["account/7": place])[1]
      let plan = try plan(of: update, on: store.connection)
      #expect(plan.contains("feed_head_items_chunk"), "\(plan)")
      #expect(!plan.contains("Rows Removed by Filter"), "\(plan)")
    }
  }

  @Test func aRedrawnSectionsItemsAreRemovedByKey() throws {
    try withStore { store in
      let head = try headWithStaleStatistics(store, items: 2_000)
      let delete = head.dropping(
        ["title"], items: [StoredItem(id: "account/7", digest: String(repeating: "0", count: 64))]
      )[0]
      let plan = try plan(of: delete, on: store.connection)
      #expect(plan.contains("feed_head_items_pkey"), "\(plan)")
      #expect(!plan.contains("Rows Removed by Filter"), "\(plan)")
    }
  }
}
