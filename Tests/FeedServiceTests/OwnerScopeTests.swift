import AccountFeedTestSupport
import AccountModel
import AccountStore
import FeedService
import Foundation
import Testing

/// A request made for one owner never reads or changes another owner's rows: whatever the op,
/// the other owner's row looks as if it did not exist, and the database is left exactly as it
/// was.
@Suite struct OwnerScopeTests {
  /// Every op of a batch, aimed at demo's rows while acting for carol.
  static let foreignChanges: [(name: String, make: @Sendable (Int64, Int64) -> StoreChange)] = [
    ("owner.add", { _, _ in .addOwner(id: "mallory", displayName: "M") }),
    ("owner.rename", { _, _ in .renameOwner(id: "demo", displayName: "Owned") }),
    ("owner.remove", { _, _ in .removeOwner(id: "demo") }),
    (
      "account.add",
      { _, _ in
        .addAccount(
          ownerID: "demo", NewAccount(name: "x", balance: Money(minorUnits: 1, currency: .krw)))
      }
    ),
    ("account.update", { account, _ in .updateAccount(id: account, AccountUpdate(name: "Owned")) }),
    (
      "account.adjust",
      { account, _ in .adjustBalance(id: account, delta: -116_848, expectedVersion: nil) }
    ),
    ("account.remove", { account, _ in .removeAccount(id: account, expectedVersion: nil) }),
    ("notice.add", { _, _ in .addNotice(ownerID: "demo", NewNotice(message: "phish")) }),
    ("notice.update", { _, notice in .updateNotice(id: notice, NoticeUpdate(message: "phish")) }),
    ("notice.dismiss", { _, notice in .dismissNotice(id: notice) }),
    ("notice.remove", { _, notice in .removeNotice(id: notice, expectedVersion: nil) }),
  ]

  /// The refusal the scope gives: the row is missing "of owner 'carol'", or adding another owner
  /// is not allowed — not some other check that happened to fire first.
  static func isScopeRefusal(_ error: AccountStoreError) -> Bool {
    switch error.reason {
    case .notFound(let what): what.hasSuffix("of owner 'carol'") || what == "owner 'demo'"
    case .notAllowed(let what): what.hasPrefix("cannot add owner 'mallory'")
    default: false
    }
  }

  @Test(arguments: foreignChanges.indices)
  func aChangeToAnotherOwnersRowIsRefusedAndChangesNothing(_ index: Int) throws {
    let (name, make) = Self.foreignChanges[index]
    try withService { service, connection in
      let (account, notice) = try seedTwoOwners(service)
      let before = try connection.dumpOfEveryTable()
      let error = #expect(throws: AccountStoreError.self, "\(name)") {
        try service.apply([make(account, notice)], in: .owner("carol"), reason: "attack")
      }
      #expect(error.map(Self.isScopeRefusal) == true, "\(name): \(String(describing: error))")
      #expect(try connection.dumpOfEveryTable() == before, "\(name)")
    }
  }

  @Test(arguments: foreignChanges.indices)
  func aForeignChangeInsideABatchRefusesTheWholeBatch(_ index: Int) throws {
    let (name, make) = Self.foreignChanges[index]
    try withService { service, connection in
      let (account, notice) = try seedTwoOwners(service)
      let carols = try service.feedRows(owner: "carol").accounts[0].id
      let before = try connection.dumpOfEveryTable()
      let error = #expect(throws: AccountStoreError.self, "\(name)") {
        try service.apply(
          [.adjustBalance(id: carols, delta: 1, expectedVersion: nil), make(account, notice)],
          in: .owner("carol"), reason: "attack")
      }
      #expect(error.map(Self.isScopeRefusal) == true, "\(name): \(String(describing: error))")
      #expect(try connection.dumpOfEveryTable() == before, "\(name)")
    }
  }

  @Test func theRefusalSaysTheRowDoesNotExistForThatOwner() throws {
    try withService { service, _ in
      let (account, _) = try seedTwoOwners(service)
      #expect(throws: AccountStoreError.notFound("account \(account) of owner 'carol'")) {
        try service.apply(
          [.updateAccount(id: account, AccountUpdate(name: "Owned"))], in: .owner("carol"),
          reason: "attack")
      }
    }
  }

  @Test func theOwnersOwnRowsCanBeChanged() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let carols = try service.feedRows(owner: "carol").accounts[0].id
      try service.apply(
        [.updateAccount(id: carols, AccountUpdate(name: "Renamed"))], in: .owner("carol"),
        reason: "edit")
      #expect(try service.feedRows(owner: "carol").accounts[0].name == "Renamed")
    }
  }

  @Test func aBatchFromJSONIsScopedLikeAnyOtherWrite() throws {
    try withService { service, connection in
      let (account, _) = try seedTwoOwners(service)
      let before = try connection.dumpOfEveryTable()
      let batch = try ChangeBatch(
        data: Data(#"[{"op": "account.update", "id": \#(account), "name": "Owned"}]"#.utf8),
        source: "test", defaultOwner: "carol")
      #expect(throws: BatchChangeError.self) {
        try service.apply(batch, in: .owner("carol"))
      }
      #expect(try connection.dumpOfEveryTable() == before)
    }
  }

  @Test func readingAnotherOwnersRowByIdFindsNothing() throws {
    try withService { service, _ in
      let (account, notice) = try seedTwoOwners(service)
      let store = try service.store()
      #expect(throws: AccountStoreError.self) { try store.account(account, in: .owner("carol")) }
      #expect(throws: AccountStoreError.self) { try store.notice(notice, in: .owner("carol")) }
      #expect(try store.account(account, in: .owner("demo")).ownerID == "demo")
    }
  }

  @Test func anOperatorWithoutAnOwnerMayChangeAnyOwner() throws {
    try withService { service, _ in
      let (account, _) = try seedTwoOwners(service)
      try service.apply(
        [.updateAccount(id: account, AccountUpdate(name: "Fixed"))], in: .anyOwner,
        reason: "support")
      #expect(try service.feedRows(owner: "demo").accounts[0].name == "Fixed")
    }
  }
}

/// The planned write the demo seed uses reads and writes one owner: a scope of another owner
/// refuses it before anything is read.
@Suite struct PlannedWriteScopeTests {
  @Test func aPlannedWriteForAnOwnerOutsideTheScopeIsRefusedUnread() throws {
    try withService { service, connection in
      try seedTwoOwners(service)
      let before = try connection.dumpOfEveryTable()
      var planned = false
      #expect(throws: AccountStoreError.notFound("owner 'demo'")) {
        try service.store().apply(owner: "demo", in: .owner("carol")) { _ in
          planned = true
          return []
        }
      }
      #expect(!planned)
      #expect(try connection.dumpOfEveryTable() == before)
    }
  }
}
