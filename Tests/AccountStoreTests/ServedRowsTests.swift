import AccountModel
import AccountStore
import Postgres
import Testing

/// `servedRows`: in one statement, the owner's rows as `feedRows` reads them, the latest
/// snapshot's digest and the next notice-window edge.
@Suite struct ServedRowsTests {
  @Test func theRowsAreTheFeedRows() throws {
    try withStore { store in
      _ = try store.addAccount("a", balance: 1)
      _ = try store.addAccount("b", balance: 2)
      try store.connection.execute(
        "INSERT INTO notices (owner_id, message) VALUES ('demo', 'hello')")
      let served = try store.servedRows(owner: "demo").rows
      let read = try store.feedRows(owner: "demo")
      #expect(served.accounts == read.accounts)
      #expect(served.notices == read.notices)
      #expect(served.owner == read.owner)
    }
  }

  @Test func theLatestDigestIsTheLatestSnapshotsAndNilBeforeAny() throws {
    try withStore { store in
      #expect(try store.servedRows(owner: "demo").latestDigest == nil)
      _ = try store.takeSnapshot(owner: "demo", render: screen)
      _ = try store.addAccount("a", balance: 1)
      let latest = try store.takeSnapshot(owner: "demo", render: screen)
      #expect(try store.servedRows(owner: "demo").latestDigest == latest.digest)
    }
  }

  @Test func theNextEdgeIsTheNearestOfANoticeNotDismissed() throws {
    try withStore { store in
      #expect(try store.servedRows(owner: "demo").nextWindowEdge == nil)
      try store.connection.executeScript(
        """
        INSERT INTO notices (owner_id, message, active_from, dismissed_at)
        VALUES ('demo', 'dismissed', now() + interval '1 minute', now());
        INSERT INTO notices (owner_id, message, active_until)
        VALUES ('demo', 'ends', now() + interval '1 hour');
        INSERT INTO notices (owner_id, message, active_from)
        VALUES ('demo', 'starts', now() + interval '2 hours');
        """)
      let edge = try #require(try store.servedRows(owner: "demo").nextWindowEdge)
      #expect(edge > .seconds(3_500) && edge <= .seconds(3_600))
    }
  }

  @Test func anUnknownOwnerIsNotFound() throws {
    try withStore { store in
      #expect(throws: AccountStoreError.notFound("owner 'nobody'")) {
        try store.servedRows(owner: "nobody")
      }
    }
  }
}
