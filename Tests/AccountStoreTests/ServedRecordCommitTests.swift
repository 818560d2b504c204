import AccountModel
import AccountStore
import Postgres
import PostgresTestSupport
import Testing

/// The snapshot a phone's first read records commits without waiting for the disk; every other
/// write still waits. PostgreSQL itself says which: a trigger on `feed_snapshots` logs the
/// `synchronous_commit` in force in each transaction that inserts a snapshot. (The test
/// cluster turns it off for speed, so the store's session turns it on, as a server's would be.)
@Suite struct ServedRecordCommitTests {
  private static func withLoggingStore(_ body: (AccountStore) throws -> Void) throws {
    try TestDatabase.with(.migrated) { database in
      let connection = try database.connect()
      try connection.executeScript(
        """
        SET synchronous_commit = on;
        CREATE TABLE commit_modes (sequence bigint, mode text);
        CREATE FUNCTION log_commit_mode() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO commit_modes VALUES (NEW.sequence, current_setting('synchronous_commit'));
          RETURN NEW;
        END $$;
        CREATE TRIGGER log_commit_mode AFTER INSERT ON feed_snapshots
          FOR EACH ROW EXECUTE FUNCTION log_commit_mode();
        """)
      let store = AccountStore(connection: connection)
      try store.apply([.addOwner(id: "demo", displayName: "Demo")], in: .anyOwner)
      try store.apply([.addOwner(id: "carol", displayName: "Carol")], in: .anyOwner)
      try body(store)
    }
  }

  /// The modes logged, oldest snapshot first.
  private static func modes(_ store: AccountStore) throws -> [String] {
    try store.connection.query("SELECT mode FROM commit_modes ORDER BY sequence").map {
      try $0.decode("mode", as: String.self)
    }
  }

  @Test func theServedRecordCommitsWithoutWaitingForTheDisk() throws {
    try Self.withLoggingStore { store in
      try store.recordUnlessLatest(owner: "demo", render: screen)
      #expect(try Self.modes(store) == ["off"])
    }
  }

  @Test func writesAfterTheServedRecordStillWaitForTheDisk() throws {
    try Self.withLoggingStore { store in
      try store.recordUnlessLatest(owner: "demo", render: screen)
      try store.takeSnapshot(owner: "carol", render: screen)
      _ = try store.apply(
        [
          .addAccount(
            ownerID: "demo", NewAccount(name: "a", balance: Money(minorUnits: 1, currency: .krw)))
        ],
        in: .anyOwner, snapshot: screen)
      #expect(try Self.modes(store) == ["off", "on", "on"])
    }
  }
}
