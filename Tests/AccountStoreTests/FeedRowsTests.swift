import AccountModel
import AccountStore
import Foundation
import Postgres
import PostgresTestSupport
import Testing

/// The feed read: one owner's row, accounts and notices in one statement, each decoded exactly as
/// the single-row reads decode it, and nothing of another owner's.
@Suite struct FeedRowsTests {
  @Test func anUnknownOwnerIsNotFound() throws {
    try withStore { store in
      #expect(throws: AccountStoreError.notFound("owner 'nobody'")) {
        try store.feedRows(owner: "nobody")
      }
    }
  }

  @Test func aMalformedOwnerIDIsRefusedByItsRule() throws {
    try withStore { store in
      let error = try #require(throws: AccountStoreError.self) {
        try store.feedRows(owner: "Not An ID")
      }
      guard case .invalid = error else {
        Issue.record("expected an invalid field, got \(error)")
        return
      }
    }
  }

  @Test func theOwnerComesBackAsItsOwnReadGivesIt() throws {
    try withStore { store in
      let owner = try store.owner("demo")
      #expect(try store.feedRows(owner: "demo").owner == owner)
    }
  }

  @Test func accountsAndNoticesComeBackAsTheirOwnReadsGiveThem() throws {
    try withStore { store in
      let start = Date(timeIntervalSince1970: 1_700_000_000)
      let results = try store.apply(
        [
          .addAccount(
            ownerID: "demo",
            NewAccount(name: "월급", balance: Money(minorUnits: 1_234, currency: .usd))),
          .addNotice(
            ownerID: "demo",
            NewNotice(
              message: "점검", severity: .warning, activeFrom: start,
              activeUntil: start.addingTimeInterval(3600))),
          .addNotice(ownerID: "demo", NewNotice(message: "안내", dismissible: false)),
        ], in: .anyOwner)
      guard case .account(let account) = results[0], case .notice(let window) = results[1],
        case .notice(let plain) = results[2]
      else {
        Issue.record("got \(results)")
        return
      }
      try store.apply([.dismissNotice(id: window.id)], in: .anyOwner)
      let rows = try store.feedRows(owner: "demo")
      #expect(rows.accounts == [try store.account(account.id, in: .anyOwner)])
      #expect(
        rows.notices == [
          try store.notice(window.id, in: .anyOwner), try store.notice(plain.id, in: .anyOwner),
        ])
      #expect(rows.notices[0].dismissedAt != nil)
    }
  }

  @Test func anotherOwnersRowsAreLeftOut() throws {
    try withStore { store in
      try store.apply([.addOwner(id: "kim", displayName: "Kim")], in: .anyOwner)
      try store.addAccount("mine", balance: 1)
      try store.addAccount("theirs", balance: 2, owner: "kim")
      try store.apply(
        [.addNotice(ownerID: "kim", NewNotice(message: "theirs"))], in: .anyOwner)
      let rows = try store.feedRows(owner: "demo")
      #expect(rows.accounts.map(\.name) == ["mine"])
      #expect(rows.notices.isEmpty)
    }
  }

  @Test func noticesWithoutAccountsAreReadAsNotices() throws {
    try withStore { store in
      try store.apply(
        [.addNotice(ownerID: "demo", NewNotice(message: "only"))], in: .anyOwner)
      let rows = try store.feedRows(owner: "demo")
      #expect(rows.accounts.isEmpty)
      #expect(rows.notices.map(\.message) == ["only"])
    }
  }

  @Test func readAtIsTheDatabaseClock() throws {
    try withStore { store in
      let before = try store.connection.query("SELECT now() AS t").single().decode(
        "t", as: Date.self)
      let readAt = try store.feedRows(owner: "demo").readAt
      let after = try store.connection.query("SELECT now() AS t").single().decode(
        "t", as: Date.self)
      #expect(before <= readAt && readAt <= after)
    }
  }
}
