import AccountFeedTestSupport
import AccountModel
import AccountStore
import FeedService
import Foundation
import Postgres
import PostgresTestSupport
import Testing

/// The cache of served feeds and tokens never outlives what it copies: a write through the
/// service is seen at once, a write by another program once its notification arrives, a notice
/// window's edge with no write at all, and nothing is trusted while the listener is away.
@Suite struct ServedFeedCacheTests {
  @Test func aWriteThroughTheServiceIsServedByTheVeryNextRead() throws {
    try ListeningDatabase.with { service, _, _ in
      _ = try service.servedFeed(in: .owner("carol"))
      let account = try service.feedRows(owner: "carol").accounts[0].id
      try service.apply(
        [.updateAccount(id: account, AccountUpdate(name: "Renamed"))], in: .owner("carol"),
        reason: "test")
      let served = try service.servedFeed(in: .owner("carol"))
      #expect(served.digest == (try service.liveDocument(owner: "carol").digest))
    }
  }

  @Test func aWriteByAnotherProgramIsServedOnceItsNotificationArrives() throws {
    try ListeningDatabase.with { service, _, outsider in
      _ = try service.servedFeed(in: .owner("demo"))
      try ListeningDatabase.renameFirstAccount(of: "demo", to: "psql", on: outsider)
      let live = try service.liveDocument(owner: "demo").digest
      #expect(eventually { try service.servedFeed(in: .owner("demo")).digest == live })
    }
  }

  @Test func aCatchUpFromTheCachedDigestFindsAWriteByAnotherProgram() throws {
    try ListeningDatabase.with { service, _, outsider in
      let held = try service.servedFeed(in: .owner("demo")).digest
      try ListeningDatabase.renameFirstAccount(of: "demo", to: "psql", on: outsider)
      #expect(
        eventually {
          if case .changes = try service.changes(since: held, in: .owner("demo")) { return true }
          return false
        })
    }
  }

  @Test func aNoticeWindowOpeningIsServedWithNoWrite() throws {
    try ListeningDatabase.with { service, _, outsider in
      try outsider.execute(
        """
        INSERT INTO notices (owner_id, message, active_from)
        VALUES ('carol', 'soon', now() + interval '1500 milliseconds')
        """)
      Thread.sleep(forTimeInterval: 0.3)
      _ = try service.servedFeed(in: .owner("carol"))
      #expect(
        eventually {
          String(decoding: try service.servedFeed(in: .owner("carol")).json, as: UTF8.self)
            .contains("soon")
        })
    }
  }

  @Test func aTokenRevokedThroughTheServiceIsRefusedAtOnce() throws {
    try ListeningDatabase.with { service, _, _ in
      let issued = try service.createToken(owner: "demo", label: nil, in: .anyOwner)
      _ = try service.authenticate(bearer: issued.secret)
      try service.revokeToken(issued.info.id, in: .owner("demo"))
      #expect(throws: FeedServiceError.self) { try service.authenticate(bearer: issued.secret) }
    }
  }

  @Test func aTokenOfAnOwnerRemovedThroughTheServiceIsRefusedAtOnce() throws {
    try ListeningDatabase.with { service, _, _ in
      let issued = try service.createToken(owner: "carol", label: nil, in: .anyOwner)
      _ = try service.authenticate(bearer: issued.secret)
      try service.apply([.removeOwner(id: "carol")], in: .owner("carol"), reason: "test")
      #expect(throws: FeedServiceError.self) { try service.authenticate(bearer: issued.secret) }
    }
  }

  @Test func aTokenRevokedByAnotherProgramIsRefusedOnceItsNotificationArrives() throws {
    try ListeningDatabase.with { service, _, outsider in
      let issued = try service.createToken(owner: "demo", label: nil, in: .anyOwner)
      _ = try service.authenticate(bearer: issued.secret)
      try outsider.execute(
        "UPDATE access_tokens SET revoked_at = now() WHERE id = \(issued.info.id)")
      #expect(
        eventually {
          do {
            _ = try service.authenticate(bearer: issued.secret)
            return false
          } catch is FeedServiceError {
            return true
          }
        })
    }
  }

  @Test func whileTheListenerIsDownReadsGoToTheDatabase() throws {
    try ListeningDatabase.with(retryDelay: .seconds(120)) { service, _, outsider in
      _ = try service.servedFeed(in: .owner("demo"))
      let terminated = try outsider.query(
        """
        SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 5000)) AS n FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN%'
        """
      ).single().decode("n", as: Int64.self)
      try #require(terminated == 1)
      try ListeningDatabase.renameFirstAccount(of: "demo", to: "unheard", on: outsider)
      let live = try service.liveDocument(owner: "demo").digest
      #expect(eventually { try service.servedFeed(in: .owner("demo")).digest == live })
    }
  }
}
