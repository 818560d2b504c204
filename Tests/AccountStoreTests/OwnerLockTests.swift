import Postgres
import Testing

@testable import AccountStore

/// A write or a served record locks its owner through the owners' key, however many owners
/// there are: one phone's first read among 5,000 owners reads one owner's row, not all of them.
@Suite struct OwnerLockTests {
  @Test func oneOwnerIsLockedByKeyAmongThousands() throws {
    try withStore { store in
      try store.connection.executeScript(
        """
        INSERT INTO owners (id, display_name)
        SELECT 'owner-' || n, 'Owner ' || n FROM generate_series(1, 5000) n;
        ANALYZE owners;
        """)
      var explained = AccountStore.lockingOwners(["owner-42"])
      explained.sql = "EXPLAIN ANALYZE " + explained.sql
      let plan = try store.connection.transaction { tx in
        try tx.query(explained).map { try $0.decode(at: 0, as: String.self) }
      }.joined(separator: "\n")
      #expect(plan.contains("owners_pkey"), "\(plan)")
      #expect(!plan.contains("Seq Scan on owners"), "\(plan)")
    }
  }
}
