import Foundation
import Testing

/// A long feed's head (SQL/008) is kept by one `feedctl` process and patched by the next: the
/// fingerprint of what draws the feed is the same in every process, so a one-account write in a
/// new process draws only that account.
@Suite struct PatchedWriteCommandTests {
  @Test func aWriteInAnotherProcessPatchesTheHeadTheFirstKept() throws {
    try FeedctlDatabase.with { feedctl in
      let connection = try feedctl.database.connect()
      try connection.executeScript(
        """
        INSERT INTO owners (id, display_name) VALUES ('alice', 'Alice');
        INSERT INTO accounts (owner_id, name, kind, balance_minor, currency, position)
        SELECT 'alice', '계좌 ' || g, 'checking', g * 1000, 'KRW', g
        FROM generate_series(1, 250) g;
        """)
      try feedctl.succeed(["snapshot"])
      // Changed behind the store's back, claiming to be the store so the head is kept
      // (SQL/014): only a write that draws the whole feed shows it.
      try connection.executeScript(
        """
        BEGIN;
        SELECT set_config('accountfeed.writer', 'store', true);
        UPDATE accounts SET balance_minor = 123456789 WHERE owner_id = 'alice' AND position = 7;
        COMMIT;
        """)
      let id = try connection.query(
        "SELECT id FROM accounts WHERE owner_id = 'alice' AND position = 3"
      ).single().decode("id", as: Int64.self)
      try feedctl.succeed(["account", "update", String(id), "--name", "바뀐 이름"])
      let latest = try feedctl.succeed(["show", "--at", "@", "--format", "json"])
      let (renamed, bypassed) = (latest.contains("바뀐 이름"), latest.contains("123,456,789원"))
      #expect(renamed)
      #expect(!bypassed)
    }
  }
}
