import AccountModel
import AccountStore
import Foundation
import Synchronization
import Testing

/// A write that asks for what the rows already are changes nothing: every table dumps the same
/// before and after (no version, no `updated_at`, no snapshot), and the result still reports
/// the row, marked `.unchanged`.
@Suite struct UnchangedWriteTests {
  /// Applies `change` the way `feedctl` does (recording snapshots) and expects every table to
  /// be exactly as it was; returns what the store reported.
  private func expectNothingChanges(_ store: AccountStore, _ change: StoreChange) throws
    -> StoreChangeResult
  {
    try store.takeSnapshot(owner: "demo", render: screen)
    let before = try store.dump()
    let results = try store.apply([change], in: .anyOwner, snapshot: screen)
    #expect(try store.dump() == before)
    return try #require(results.first)
  }

  private func addNotice(_ store: AccountStore, _ notice: NewNotice) throws -> Notice {
    let results = try store.apply([.addNotice(ownerID: "demo", notice)], in: .anyOwner)
    guard case .notice(let added) = results.first else {
      fatalError("addNotice returned \(results)")
    }
    return added
  }

  @Test func dismissingADismissedNoticeChangesNothing() throws {
    try withStore { store in
      let notice = try addNotice(store, NewNotice(message: "m"))
      try store.apply([.dismissNotice(id: notice.id)], in: .anyOwner)
      let dismissed = try store.notice(notice.id, in: .anyOwner)
      let result = try expectNothingChanges(store, .dismissNotice(id: notice.id))
      #expect(result == .unchanged(.notice(dismissed)))
    }
  }

  @Test func hidingAHiddenAccountChangesNothing() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 1)
      try store.apply([.updateAccount(id: account.id, AccountUpdate(hidden: true))], in: .anyOwner)
      let hidden = try store.account(account.id, in: .anyOwner)
      let result = try expectNothingChanges(
        store, .updateAccount(id: account.id, AccountUpdate(hidden: true)))
      #expect(result == .unchanged(.account(hidden)))
    }
  }

  @Test func renamingAnAccountToItsOwnNameChangesNothing() throws {
    try withStore { store in
      let account = try store.addAccount("저축 통장", balance: 20_000)
      let result = try expectNothingChanges(
        store, .updateAccount(id: account.id, AccountUpdate(name: "저축 통장")))
      #expect(result == .unchanged(.account(account)))
    }
  }

  @Test func settingEveryAccountFieldToItsOwnValueChangesNothing() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 7, currency: .usd)
      let update = AccountUpdate(
        name: "a", kind: "checking", balance: 7, currency: .usd, position: account.position,
        hidden: false, expectedVersion: 1)
      let result = try expectNothingChanges(store, .updateAccount(id: account.id, update))
      #expect(result == .unchanged(.account(account)))
    }
  }

  @Test func settingANoticeSeverityToItsOwnChangesNothing() throws {
    try withStore { store in
      let notice = try addNotice(store, NewNotice(message: "m", severity: .info))
      let result = try expectNothingChanges(
        store, .updateNotice(id: notice.id, NoticeUpdate(severity: .info)))
      #expect(result == .unchanged(.notice(notice)))
    }
  }

  @Test func settingANoticeWindowToItsOwnChangesNothing() throws {
    try withStore { store in
      let from = Date(timeIntervalSince1970: 946_684_800)
      let notice = try addNotice(store, NewNotice(message: "m", activeFrom: from))
      let update = NoticeUpdate(
        message: "m", dismissible: true, activeFrom: from, activeUntil: .some(nil))
      let result = try expectNothingChanges(store, .updateNotice(id: notice.id, update))
      #expect(result == .unchanged(.notice(notice)))
    }
  }

  @Test func adjustingABalanceByZeroChangesNothing() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 116_848)
      let result = try expectNothingChanges(
        store, .adjustBalance(id: account.id, delta: 0, expectedVersion: 1))
      #expect(result == .unchanged(.account(account)))
    }
  }

  @Test func renamingAnOwnerToItsOwnNameChangesNothing() throws {
    try withStore { store in
      let owner = try store.owner("demo")
      let result = try expectNothingChanges(store, .renameOwner(id: "demo", displayName: "Demo"))
      guard case .unchanged(.owner(let reported)) = result else {
        Issue.record("expected an unchanged owner, got \(result)")
        return
      }
      #expect(reported.id == owner.id && reported.displayName == owner.displayName)
    }
  }

  @Test func anUnchangedWriteIsNotEvenRendered() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 1)
      let renders = Mutex(0)
      let before = try store.dump()
      try store.apply(
        [.updateAccount(id: account.id, AccountUpdate(name: "a"))], in: .anyOwner
      ) { rows in
        renders.withLock { $0 += 1 }
        return screen(rows)
      }
      #expect(renders.withLock { $0 } == 0)
      #expect(try store.dump() == before)
    }
  }

  @Test func aRealChangeInTheSameBatchStillCountsAsAChange() throws {
    try withStore { store in
      let same = try store.addAccount("same", balance: 1)
      let moved = try store.addAccount("moved", balance: 1)
      let results = try store.apply(
        [
          .updateAccount(id: same.id, AccountUpdate(name: "same")),
          .adjustBalance(id: moved.id, delta: 5, expectedVersion: nil),
        ], in: .anyOwner, snapshot: screen)
      guard case .unchanged = results[0], case .account(let changed) = results[1] else {
        Issue.record("expected unchanged then changed, got \(results)")
        return
      }
      #expect(changed.version == 2)
      #expect(try store.account(same.id, in: .anyOwner) == same)
      #expect(try store.snapshots(owner: "demo").count == 1)
    }
  }

  @Test func theSecondOfTwoEqualUpdatesInABatchChangesNothing() throws {
    try withStore { store in
      let account = try store.addAccount("a", balance: 1)
      let results = try store.apply(
        [
          .updateAccount(id: account.id, AccountUpdate(name: "b")),
          .updateAccount(id: account.id, AccountUpdate(name: "b")),
        ], in: .anyOwner)
      guard case .account(let renamed) = results[0] else {
        Issue.record("expected the first update to change the account, got \(results)")
        return
      }
      #expect(renamed.version == 2)
      #expect(results[1] == .unchanged(.account(renamed)))
    }
  }
}
