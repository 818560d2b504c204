import AccountModel
import AccountStore
import Postgres
import Testing

/// A prune's dry run reports what a real run would remove, and holds up no write while it looks.
@Suite struct PruneDryRunTests {
  @Test func aDryRunWaitsForNoOwnersLockAndReportsWhatARealRunRemoves() throws {
    try withStoreAndDatabase { store, database in
      let account = try store.addAccount("a", balance: 1)
      for _ in 0..<3 {
        try store.apply(
          [.adjustBalance(id: account.id, delta: 1, expectedVersion: nil)], in: .anyOwner,
          snapshot: screen)
      }
      let retention = try SnapshotRetention(keepLast: 1)
      // A writer holds the owner, as a write in progress does; the dry run must not wait for it.
      let writer = try database.connect()
      try writer.executeScript("BEGIN; SELECT id FROM owners WHERE id = 'demo' FOR UPDATE")
      try store.connection.executeScript("SET lock_timeout = '1s'")
      let dryRun = try store.pruneSnapshots(retention: retention, dryRun: true)
      try writer.executeScript("ROLLBACK")
      #expect(dryRun.snapshots == 2)
      #expect(try store.snapshots(owner: "demo").count == 3)
      #expect(try store.pruneSnapshots(retention: retention) == dryRun)
    }
  }
}
