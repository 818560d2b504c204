import AccountModel
import AccountStore
import Foundation
import Postgres
import Testing

@Suite struct NoticeTests {
  private func addNotice(_ store: AccountStore, _ notice: NewNotice) throws -> Notice {
    guard
      case .notice(let added) = try store.apply(
        [.addNotice(ownerID: "demo", notice)], in: .anyOwner
      ).first
    else {
      fatalError("addNotice returned no notice")
    }
    return added
  }

  @Test func dismissingSetsTheTimeOnceAndIsIdempotent() throws {
    try withStore { store in
      let notice = try addNotice(store, NewNotice(message: "계좌를 누르면 거래 내역을 확인할 수 있어요."))
      try store.apply([.dismissNotice(id: notice.id)], in: .anyOwner)
      let first = try store.notice(notice.id, in: .anyOwner)
      try store.apply([.dismissNotice(id: notice.id)], in: .anyOwner)
      let second = try store.notice(notice.id, in: .anyOwner)
      #expect(first.dismissedAt != nil)
      #expect(second.dismissedAt == first.dismissedAt)
      #expect(second.version == 2)
    }
  }

  @Test func aNoticeThatIsNotDismissibleCannotBeDismissed() throws {
    try withStore { store in
      let notice = try addNotice(store, NewNotice(message: "must read", dismissible: false))
      let before = try store.dump()
      #expect(
        throws: AccountStoreError.notAllowed(
          "notice \(notice.id) cannot be dismissed: it is not dismissible")
      ) {
        try store.apply([.dismissNotice(id: notice.id)], in: .anyOwner)
      }
      #expect(try store.dump() == before)
    }
  }

  @Test func windowMustEndAfterItStarts() throws {
    try withStore { store in
      let start = Date(timeIntervalSince1970: 946_684_800 + Double(1_000_000) / 1e6)
      #expect(throws: AccountStoreError.self) {
        _ = try addNotice(store, NewNotice(message: "m", activeFrom: start, activeUntil: start))
      }
    }
  }

  @Test func isShownRespectsTheWindowAndDismissal() {
    let now = Date(timeIntervalSince1970: 946_684_800 + Double(5_000) / 1e6)
    var notice = Notice(
      id: 1, ownerID: "demo", message: "m", severity: .info, dismissible: true,
      activeFrom: Date(timeIntervalSince1970: 946_684_800 + Double(1_000) / 1e6),
      activeUntil: Date(timeIntervalSince1970: 946_684_800 + Double(5_000) / 1e6), position: 0,
      dismissedAt: nil,
      version: 1, createdAt: now, updatedAt: now)
    #expect(!notice.isShown(at: now))
    #expect(notice.isShown(at: Date(timeIntervalSince1970: 946_684_800 + Double(4_999) / 1e6)))
    notice.dismissedAt = now
    #expect(!notice.isShown(at: Date(timeIntervalSince1970: 946_684_800 + Double(4_999) / 1e6)))
  }

  @Test func movingOneSideOfTheWindowPastTheOtherIsRefusedByName() throws {
    try withStore { store in
      let notice = try addNotice(
        store,
        NewNotice(
          message: "m", activeUntil: Date(timeIntervalSince1970: 946_684_800 + Double(1_000) / 1e6))
      )
      let before = try store.dump()
      #expect(
        throws: AccountStoreError.invalid(
          field: "active window", reason: "must end after it starts")
      ) {
        try store.apply(
          [
            .updateNotice(
              id: notice.id,
              NoticeUpdate(
                activeFrom: Date(timeIntervalSince1970: 946_684_800 + Double(5_000) / 1e6))
            )
          ], in: .anyOwner)
      }
      #expect(try store.dump() == before)
    }
  }

  @Test func updatingClearsTheWindowWhenAskedTo() throws {
    try withStore { store in
      let notice = try addNotice(
        store, NewNotice(message: "m", activeFrom: Date(timeIntervalSince1970: 946_684_800)))
      try store.apply(
        [.updateNotice(id: notice.id, NoticeUpdate(activeFrom: .some(nil)))], in: .anyOwner)
      #expect(try store.notice(notice.id, in: .anyOwner).activeFrom == nil)
    }
  }
}
