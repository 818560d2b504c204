import AccountModel
import AccountStore
import Foundation
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

  @Test func rowsReadAgainWithNoWriteDrawTheSame() throws {
    try withStore { store in
      _ = try store.addAccount("a", balance: 1)
      let first = try store.servedRows(owner: "demo")
      #expect(first.drawTheSame(as: try store.feedRows(owner: "demo")))
    }
  }

  @Test func rowsReadAfterAWriteDoNotDrawTheSame() throws {
    try withStore { store in
      let first = try store.servedRows(owner: "demo")
      _ = try store.addAccount("a", balance: 1)
      #expect(!first.drawTheSame(as: try store.feedRows(owner: "demo")))
    }
  }

  @Test func rowsReadPastTheNextWindowEdgeDoNotDrawTheSame() throws {
    try withStore { store in
      try store.connection.execute(
        "INSERT INTO notices (owner_id, message, active_from) VALUES ('demo', 'soon', now() + interval '1 hour')"
      )
      let first = try store.servedRows(owner: "demo")
      var beforeTheEdge = first.rows
      beforeTheEdge.readAt = first.rows.readAt.addingTimeInterval(3_500)
      var pastTheEdge = first.rows
      pastTheEdge.readAt = first.rows.readAt.addingTimeInterval(3_600)
      #expect(first.drawTheSame(as: beforeTheEdge))
      #expect(!first.drawTheSame(as: pastTheEdge))
    }
  }

  @Test func rowsReadBeforeTheFirstReadDoNotDrawTheSame() throws {
    try withStore { store in
      let first = try store.servedRows(owner: "demo")
      var earlier = first.rows
      earlier.readAt = first.rows.readAt.addingTimeInterval(-1)
      #expect(!first.drawTheSame(as: earlier))
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
