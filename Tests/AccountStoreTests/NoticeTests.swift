import AccountStore
import Postgres
import Testing

@Suite struct NoticeTests {
  private func addNotice(_ store: AccountStore, _ notice: NewNotice) throws -> Notice {
    guard case .notice(let added) = try store.apply([.addNotice(ownerID: "demo", notice)]).first
    else {
      fatalError("addNotice returned no notice")
    }
    return added
  }

  @Test func dismissingSetsTheTimeOnceAndIsIdempotent() throws {
    try withStore { store in
      let notice = try addNotice(store, NewNotice(message: "계좌를 누르면 거래 내역을 확인할 수 있어요."))
      try store.apply([.dismissNotice(id: notice.id)])
      let first = try store.notice(notice.id)
      try store.apply([.dismissNotice(id: notice.id)])
      let second = try store.notice(notice.id)
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
        try store.apply([.dismissNotice(id: notice.id)])
      }
      #expect(try store.dump() == before)
    }
  }

  @Test func windowMustEndAfterItStarts() throws {
    try withStore { store in
      let start = PostgresTimestamp(microsecondsSince2000: 1_000_000)
      #expect(throws: AccountStoreError.self) {
        _ = try addNotice(store, NewNotice(message: "m", activeFrom: start, activeUntil: start))
      }
    }
  }

  @Test func isShownRespectsTheWindowAndDismissal() {
    let now = PostgresTimestamp(microsecondsSince2000: 5_000)
    var notice = Notice(
      id: 1, ownerID: "demo", message: "m", severity: .info, dismissible: true,
      activeFrom: PostgresTimestamp(microsecondsSince2000: 1_000),
      activeUntil: PostgresTimestamp(microsecondsSince2000: 5_000), position: 0, dismissedAt: nil,
      version: 1, createdAt: now, updatedAt: now)
    #expect(!notice.isShown(at: now))
    #expect(notice.isShown(at: PostgresTimestamp(microsecondsSince2000: 4_999)))
    notice.dismissedAt = now
    #expect(!notice.isShown(at: PostgresTimestamp(microsecondsSince2000: 4_999)))
  }

  @Test func movingOneSideOfTheWindowPastTheOtherIsRefusedByName() throws {
    try withStore { store in
      let notice = try addNotice(
        store, NewNotice(message: "m", activeUntil: PostgresTimestamp(microsecondsSince2000: 1_000))
      )
      let before = try store.dump()
      #expect(
        throws: AccountStoreError.invalid(
          field: "active window", reason: "must end after it starts")
      ) {
        try store.apply([
          .updateNotice(
            id: notice.id, NoticeUpdate(activeFrom: PostgresTimestamp(microsecondsSince2000: 5_000))
          )
        ])
      }
      #expect(try store.dump() == before)
    }
  }

  @Test func updatingClearsTheWindowWhenAskedTo() throws {
    try withStore { store in
      let notice = try addNotice(
        store, NewNotice(message: "m", activeFrom: PostgresTimestamp(microsecondsSince2000: 0)))
      try store.apply([.updateNotice(id: notice.id, NoticeUpdate(activeFrom: .some(nil)))])
      #expect(try store.notice(notice.id).activeFrom == nil)
    }
  }
}
