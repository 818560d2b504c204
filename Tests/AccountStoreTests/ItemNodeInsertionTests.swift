import AccountFeedTestSupport
import AccountModel
import Dispatch
import Foundation
import Postgres
import PostgresTestSupport
import Testing

@testable import AccountStore

/// A batch inserts only the item nodes not stored yet, and a node another writer stores
/// meanwhile costs the batch a wait, not a failure.
@Suite struct ItemNodeInsertionTests {
  @Test func aNodeStoredMeanwhileByAnotherWriterIsWaitedForNotFailed() throws {
    try TestDatabase.with(.migrated) { database in
      let store = AccountStore(connection: try database.connect())
      for id in ["a", "b"] {
        try store.apply([.addOwner(id: id, displayName: id)], in: .anyOwner)
        try store.addAccount("same", balance: 10, owner: id)
      }
      // Both owners' first snapshots are checkpoints, which carry their nodes; then both
      // balances move to the same value, so the next run stores two deltas that need one new
      // node in `feed_items`.
      try store.takeSnapshotOfEveryOwner(render: screen)
      try store.connection.executeScript("UPDATE accounts SET balance_minor = 11")
      let content = screen(try store.feedRows(owner: "a"))
      let digest = try #require(content.feed.sections.first?.items.first?.digest)
      let node = try #require(content.nodes([digest])[digest])

      // Another writer stores the node and keeps its transaction open while the batch inserts
      // it too (and waits for it); then it commits.
      let other = try database.connect()
      let stored = DispatchSemaphore(value: 0)
      let finished = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        _ = try? other.transaction { tx in
          try tx.execute("INSERT INTO feed_items (digest, node) VALUES (\(digest), \(node))")
          stored.signal()
          Thread.sleep(forTimeInterval: 0.5)
        }
        finished.signal()
      }
      stored.wait()
      let taken = try store.takeSnapshotOfEveryOwner(batchSize: 10, render: screen)
      finished.wait()

      #expect(taken == 2)
      let rows = try store.connection.query(
        "SELECT count(*) AS n FROM feed_items WHERE digest = \(digest)"
      ).single().decode("n", as: Int64.self)
      #expect(rows == 1)
      for owner in ["a", "b"] {
        let latest = try #require(try store.latestSnapshot(owner: owner))
        #expect(latest.nodes[digest] == node)
      }
    }
  }

  /// A prune's collection that ran between the batch's insert and its commit could delete a node
  /// the insert found stored, and the batch would then refer to a node no longer stored. The
  /// insert holds the lock every writer of `feed_items` takes, which the collection waits for.
  @Test func aWriteThatInsertedItsNodesHoldsTheCollectionOffUntilItCommits() throws {
    try TestDatabase.with(.migrated) { database in
      let store = AccountStore(connection: try database.connect())
      let digest = String(repeating: "a", count: 64)
      try store.connection.execute(
        "INSERT INTO feed_items (digest, node) VALUES (\(digest), '{}')")
      let other = try database.connect()
      let error = try store.connection.transaction { tx in
        // Every node is stored already: the insert adds nothing.
        try tx.execute(try #require(AccountStore.insertion(of: [digest: "{}"])))
        return #expect(throws: PostgresError.self) {
          try other.transaction { tx in
            try tx.execute("LOCK TABLE feed_items IN SHARE ROW EXCLUSIVE MODE NOWAIT")
          }
        }
      }
      #expect(error?.sqlState == "55P03")
    }
  }
}
