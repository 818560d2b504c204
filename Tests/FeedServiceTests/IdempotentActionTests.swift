import AccountFeedTestSupport
import AccountModel
import AccountStore
import FeedComponents
import FeedService
import Foundation
import Testing

/// Actions under an `Idempotency-Key`: applied once per owner and key, a retry answered as the
/// first request was, on any service instance, because the key is kept in PostgreSQL.
@Suite struct IdempotentActionTests {
  /// Demo's first account hidden under `key`, then shown again without one: a retry of the
  /// first that were applied again would hide it again.
  private static func hideThenShow(
    _ service: FeedService, account: Int64, key: String
  ) throws -> (first: String, live: String) {
    let first = try service.perform(
      .setAccountVisibility(id: account, visible: false), in: .owner("demo"), idempotencyKey: key)
    let live = try service.perform(
      .setAccountVisibility(id: account, visible: true), in: .owner("demo"))
    #expect(live.digest != first)
    return (first, live.digest)
  }

  private static func shows(_ id: String, _ document: FeedDocument) -> Bool {
    document.sections.flatMap(\.items).contains { $0.id == id }
  }

  @Test func aRetryIsAppliedOnceAndAnsweredAsTheFirst() throws {
    try withService { service, _ in
      let (account, _) = try seedTwoOwners(service)
      let (first, live) = try Self.hideThenShow(service, account: account, key: "k-1")
      let retry = try service.perform(
        .setAccountVisibility(id: account, visible: false), in: .owner("demo"),
        idempotencyKey: "k-1")
      #expect(retry == first)
      #expect(try service.liveDocument(owner: "demo").digest == live)
    }
  }

  @Test func aRetryOnAnotherServiceInstanceIsAnsweredTheSame() throws {
    try withService { service, connection in
      let (account, _) = try seedTwoOwners(service)
      let (first, live) = try Self.hideThenShow(service, account: account, key: "k-2")
      let restarted = FeedService { AccountStore(connection: connection) }
      let retry = try restarted.perform(
        .setAccountVisibility(id: account, visible: false), in: .owner("demo"),
        idempotencyKey: "k-2")
      #expect(retry == first)
      #expect(try restarted.liveDocument(owner: "demo").digest == live)
    }
  }

  @Test func theSameKeyForAnotherActionIsAConflict() throws {
    try withService { service, _ in
      let (account, notice) = try seedTwoOwners(service)
      _ = try service.perform(
        .dismissNotice(id: notice), in: .owner("demo"), idempotencyKey: "k-3")
      let error = #expect(throws: FeedServiceError.self) {
        try service.perform(
          .setAccountVisibility(id: account, visible: false), in: .owner("demo"),
          idempotencyKey: "k-3")
      }
      #expect(error?.kind == .conflict)
    }
  }

  @Test func anotherOwnersKeyIsAnotherKey() throws {
    try withService { service, _ in
      let (_, notice) = try seedTwoOwners(service)
      _ = try service.perform(.dismissNotice(id: notice), in: .owner("demo"), idempotencyKey: "k")
      let carols = try #require(try service.feedRows(owner: "carol").notices.first).id
      _ = try service.perform(.dismissNotice(id: carols), in: .owner("carol"), idempotencyKey: "k")
      #expect(!Self.shows("notice/\(carols)", try service.liveDocument(owner: "carol")))
    }
  }

  @Test func aRefusedActionClaimsNothing() throws {
    try withService { service, _ in
      let (_, notice) = try seedTwoOwners(service)
      #expect(throws: FeedServiceError.self) {
        try service.perform(.dismissNotice(id: 999_999), in: .owner("demo"), idempotencyKey: "k-4")
      }
      _ = try service.perform(.dismissNotice(id: notice), in: .owner("demo"), idempotencyKey: "k-4")
      #expect(!Self.shows("notice/\(notice)", try service.liveDocument(owner: "demo")))
    }
  }

  @Test func aKeyIsForgottenAfterItsRetention() throws {
    try withService { service, connection in
      let (account, notice) = try seedTwoOwners(service)
      _ = try service.perform(.dismissNotice(id: notice), in: .owner("demo"), idempotencyKey: "k-5")
      _ = try connection.execute(
        "UPDATE idempotency_keys SET created_at = now() - interval '25 hours'")
      _ = try service.perform(
        .setAccountVisibility(id: account, visible: false), in: .owner("demo"),
        idempotencyKey: "k-5")
      let rows = try connection.query("SELECT count(*) AS n FROM idempotency_keys").single()
      #expect(try rows.decode("n", as: Int64.self) == 1)
    }
  }

  @Test(arguments: ["", String(repeating: "k", count: 256), "two words", "키"])
  func aMalformedKeyIsInvalidInput(_ key: String) throws {
    try withService { service, _ in
      let (_, notice) = try seedTwoOwners(service)
      let error = #expect(throws: FeedServiceError.self) {
        try service.perform(.dismissNotice(id: notice), in: .owner("demo"), idempotencyKey: key)
      }
      #expect(error?.kind == .invalidInput)
    }
  }
}
