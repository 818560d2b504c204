import AccountModel
import AccountStore
import Dispatch
import Foundation
import Postgres
import PostgresTestSupport
import Testing

/// A batch copies in only the item nodes not stored yet, and a node another writer stores
/// between that look and the copy costs the batch a retry, not a failure.
@Suite struct ItemNodeCopyTests {
  @Test func aNodeStoredMeanwhileByAnotherWriterIsRetriedNotFailed() throws {
    try TestDatabase.with { database in
      let store = AccountStore(connection: try database.connect())
      try store.migrate()
      for id in ["a", "b"] {
        try store.apply([.addOwner(id: id, displayName: id)], in: .anyOwner)
        try store.addAccount("same", balance: 10, owner: id)
      }
      let content = screen(try store.feedRows(owner: "a"))
      let digest = try #require(content.feed.sections.first?.items.first?.digest)
      let node = try #require(content.nodes([digest])[digest])

      // Another writer stores the node and keeps its transaction open while the batch looks
      // (and finds nothing) and copies (and waits for it); then it commits.
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
}
