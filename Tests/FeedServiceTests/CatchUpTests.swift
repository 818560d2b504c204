import AccountFeedTestSupport
import AccountModel
import AccountStore
import FeedComponents
import FeedService
import FeedWire
import Foundation
import Postgres
import Testing

/// Catch-up: a phone holding any document it was shown gets the changeset to the current one;
/// a document it was not shown sends it back to fetch the feed.
@Suite struct CatchUpTests {
  /// A write made around the service, as psql would make it.
  static func renameAroundTheService(_ connection: PostgresConnection, to name: String) throws {
    try connection.execute(
      "UPDATE accounts SET name = \(name) WHERE id = (SELECT min(id) FROM accounts WHERE owner_id = 'demo')"
    )
  }

  @Test func theServedDocumentIsTheLiveFeed() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      #expect(
        try service.servedDocument(in: .owner("demo")).encoded()
          == service.liveDocument(owner: "demo").encoded())
    }
  }

  @Test func servingTheLatestSnapshotsFeedRecordsNothing() throws {
    try withService { service, connection in
      try seedTwoOwners(service)
      let before = try connection.dumpOfEveryTable()
      _ = try service.servedDocument(in: .owner("demo"))
      #expect(try connection.dumpOfEveryTable() == before)
    }
  }

  @Test func aFeedChangedAroundTheServiceIsRecordedOnceWhenServed() throws {
    try withService { service, connection in
      try seedTwoOwners(service)
      let count = try service.history(owner: "demo").count
      try Self.renameAroundTheService(connection, to: "psql wrote this")
      let served = try service.servedDocument(in: .owner("demo"))
      _ = try service.servedDocument(in: .owner("demo"))
      let history = try service.history(owner: "demo")
      #expect(history.count == count + 1)
      #expect(history.last?.info.reason == "served")
      #expect(history.last?.info.digest == served.digest)
    }
  }

  @Test func changesSinceTheCurrentDocumentSayItIsCurrent() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let current = try service.servedDocument(in: .owner("demo"))
      guard
        case .current(let feed) = try service.changes(since: current.digest, in: .owner("demo"))
      else {
        Issue.record("not current")
        return
      }
      #expect(feed.digest == current.digest)
    }
  }

  @Test func changesSinceAnEarlierDocumentRebuildTheCurrentOneExactly() throws {
    try withService { service, connection in
      try seedTwoOwners(service)
      let held = try service.servedDocument(in: .owner("demo"))
      try Self.renameAroundTheService(connection, to: "새 이름")
      guard
        case .changes(let changeset) = try service.changes(since: held.digest, in: .owner("demo"))
      else {
        Issue.record("no changes")
        return
      }
      let live = try service.liveDocument(owner: "demo")
      #expect(changeset.base == held.digest)
      #expect(changeset.target == live.digest)
      #expect(try changeset.apply(to: held).encoded() == live.encoded())
    }
  }

  @Test func theTargetOfACatchUpIsItselfABaseLaterOn() throws {
    try withService { service, connection in
      try seedTwoOwners(service)
      let held = try service.servedDocument(in: .owner("demo"))
      try Self.renameAroundTheService(connection, to: "first")
      guard case .changes(let first) = try service.changes(since: held.digest, in: .owner("demo"))
      else {
        Issue.record("no changes")
        return
      }
      try Self.renameAroundTheService(connection, to: "second")
      guard
        case .changes(let changeset) = try service.changes(since: first.target, in: .owner("demo"))
      else {
        Issue.record("no changes")
        return
      }
      #expect(changeset.base == first.target)
    }
  }

  @Test func anUnknownBaseSendsTheClientBackToTheFeed() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let unknown = String(repeating: "0", count: 64)
      #expect(throws: FeedServiceError.self) {
        try service.changes(since: unknown, in: .owner("demo"))
      }
      let error = #expect(throws: FeedServiceError.self) {
        try service.changes(since: "not a digest", in: .owner("demo"))
      }
      guard error?.kind == .refetch else {
        Issue.record("not unknownBase: \(String(describing: error))")
        return
      }
    }
  }

  @Test func anotherOwnersDocumentIsAnUnknownBase() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let demos = try service.servedDocument(in: .owner("demo"))
      let error = #expect(throws: FeedServiceError.self) {
        try service.changes(since: demos.digest, in: .owner("carol"))
      }
      guard let error, error.kind == .refetch else {
        Issue.record("not unknownBase: \(String(describing: error))")
        return
      }
      #expect(error.message.contains("owner 'carol'") && !error.message.contains("'demo'"))
    }
  }

  @Test func aScopeOfNoOneOwnerReadsNoFeed() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      #expect(throws: FeedServiceError.ownerRequired) { try service.servedDocument(in: .anyOwner) }
    }
  }
}
