import AccountModel
import AccountStore
import Foundation
import Postgres
import Synchronization
import Testing

@Suite struct AccountTests {
  @Test func addedAccountReadsBackWithEveryField() throws {
    try withStore { store in
      let added = try store.addAccount("토스뱅크 통장", balance: 116_848)
      let read = try store.account(added.id, in: .anyOwner)
      #expect(read == added)
      #expect(read.name == "토스뱅크 통장")
      #expect(read.balance == Money(minorUnits: 116_848, currency: .krw))
      #expect(read.version == 1)
    }
  }

  @Test func hostileNameIsStoredVerbatim() throws {
    try withStore { store in
      let account = try store.addAccount("'); DROP TABLE accounts;--", balance: 1)
      #expect(try store.account(account.id, in: .anyOwner).name == "'); DROP TABLE accounts;--")
    }
  }

  @Test func newAccountsAreAppendedInDisplayOrder() throws {
    try withStore { store in
      try store.addAccount("a", balance: 1)
      try store.addAccount("b", balance: 2)
      try store.addAccount("c", balance: 3)
      let rows = try store.feedRows(owner: "demo")
      #expect(rows.accounts.map(\.name) == ["a", "b", "c"])
      #expect(rows.accounts.map(\.position) == [0, 1, 2])
    }
  }

  @Test(arguments: ["", "   ", String(repeating: "가", count: 101), "line\nbreak"])
  func invalidNameIsRefusedAndNothingChanges(name: String) throws {
    try withStore { store in
      let before = try store.dump()
      #expect(throws: AccountStoreError.self) { try store.addAccount(name, balance: 1) }
      #expect(try store.dump() == before)
    }
  }

  @Test func hundredCharacterNameIsAccepted() throws {
    try withStore { store in
      let name = String(repeating: "가", count: 100)
      let account = try store.addAccount(name, balance: 1)
      #expect(account.name == name)
    }
  }

  @Test func accountForUnknownOwnerIsNotFound() throws {
    try withStore { store in
      let error = try #require(throws: AccountStoreError.self) {
        try store.addAccount("x", balance: 1, owner: "nobody")
      }
      #expect(error == .notFound("owner 'nobody'"))
    }
  }

  @Test func updateWithTheCurrentVersionApplies() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 1)
      try store.apply(
        [.updateAccount(id: account.id, AccountUpdate(name: "b", expectedVersion: 1))],
        in: .anyOwner)
      let updated = try store.account(account.id, in: .anyOwner)
      #expect(updated.name == "b")
      #expect(updated.version == 2)
    }
  }

  @Test func staleExpectedVersionIsAConflictAndChangesNothing() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 1)
      try store.apply(
        [.adjustBalance(id: account.id, delta: 5, expectedVersion: nil)], in: .anyOwner)
      let before = try store.dump()
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(
          [
            .updateAccount(id: account.id, AccountUpdate(name: "b", expectedVersion: 1))
          ], in: .anyOwner)
      }
      #expect(error == .versionConflict(what: "account \(account.id)", expected: 1, actual: 2))
      #expect(try store.dump() == before)
    }
  }

  @Test func deltaThatWouldOverflowIsRefusedAndChangesNothing() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: Int64.max - 1)
      let before = try store.dump()
      let error = try #require(throws: AccountStoreError.self) {
        try store.apply(
          [.adjustBalance(id: account.id, delta: 2, expectedVersion: nil)], in: .anyOwner)
      }
      guard case .overflow = error else {
        Issue.record("expected overflow, got \(error)")
        return
      }
      #expect(try store.dump() == before)
    }
  }

  @Test func concurrentDeltasEndAtTheExactSum() throws {
    try withStoreAndDatabase { store, database in
      let account = try store.addAccount("shared", balance: 0)
      let writers = 8
      let deltasPerWriter = 200
      let stores = try (0..<writers).map { _ in AccountStore(connection: try database.connect()) }
      let failures = Atomic<Int>(0)
      DispatchQueue.concurrentPerform(iterations: writers) { writer in
        for step in 0..<deltasPerWriter {
          let delta = Int64(writer * 1_000 + step + 1)
          do {
            try stores[writer].apply(
              [
                .adjustBalance(id: account.id, delta: delta, expectedVersion: nil)
              ], in: .anyOwner)
          } catch {
            failures.add(1, ordering: .relaxed)
          }
        }
      }
      let expected = (0..<writers).reduce(Int64(0)) { sum, writer in
        sum + (0..<deltasPerWriter).reduce(Int64(0)) { $0 + Int64(writer * 1_000 + $1 + 1) }
      }
      let final = try store.account(account.id, in: .anyOwner)
      #expect(failures.load(ordering: .relaxed) == 0)
      #expect(final.balance.minorUnits == expected)
      #expect(final.version == Int64(1 + writers * deltasPerWriter))
    }
  }

  @Test func removedAccountIsGone() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 1)
      try store.apply([.removeAccount(id: account.id, expectedVersion: 1)], in: .anyOwner)
      #expect(throws: AccountStoreError.notFound("account \(account.id)")) {
        try store.account(account.id, in: .anyOwner)
      }
    }
  }

  @Test func updatingAnUnknownAccountIsNotFound() throws {
    try withStore { store in
      #expect(throws: AccountStoreError.notFound("account 999")) {
        try store.apply([.updateAccount(id: 999, AccountUpdate(name: "x"))], in: .anyOwner)
      }
    }
  }
}
