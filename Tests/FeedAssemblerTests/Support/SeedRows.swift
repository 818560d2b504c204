import AccountModel
import Foundation

/// Seed 000's rows as the store hands them to the assembler: the owner `demo`, one notice and
/// three KRW accounts in display order, read at a fixed time. Built by hand, so the assembler's
/// tests need no database; the ids are deliberately not 1, 2, 3, so an item id can only have come
/// from its own row's key.
enum SeedRows {
  /// 2026-12-01T00:00:00Z, the database's clock when the rows were read.
  static let readAt = Date(timeIntervalSince1970: 1_796_083_200)
  /// 2026-11-01T00:00:00Z, when every row was written; the document never shows it.
  static let writtenAt = Date(timeIntervalSince1970: 1_793_491_200)

  static let noticeID: Int64 = 7
  static let accountIDs: [Int64] = [101, 102, 103]
  static let noticeMessage = "계좌를 누르면 거래 내역을 확인할 수 있어요."

  /// The seed as read: nothing hidden, dismissed or out of its window.
  static var rows: FeedRows {
    FeedRows(
      owner: owner(),
      accounts: [
        account(id: accountIDs[0], name: "토스뱅크 통장", kind: "checking", balance: 116_848),
        account(id: accountIDs[1], name: "저축 통장", kind: "savings", balance: 20_000),
        account(id: accountIDs[2], name: "비상금", kind: "savings", balance: 50_000),
      ],
      notices: [notice(id: noticeID, message: noticeMessage)],
      readAt: readAt)
  }

  /// The seed with `edit` applied, for a test that needs one thing different.
  static func rows(_ edit: (inout FeedRows) -> Void) -> FeedRows {
    var rows = self.rows
    edit(&rows)
    return rows
  }

  static func owner(_ id: String = "demo", lastSnapshotSequence: Int64 = 0) -> Owner {
    Owner(
      id: id, displayName: "데모", lastSnapshotSequence: lastSnapshotSequence, createdAt: writtenAt)
  }

  static func account(
    id: Int64, name: String, kind: String = "checking", balance: Int64,
    currency: Currency = .krw, hidden: Bool = false, owner: String = "demo"
  ) -> Account {
    Account(
      id: id, ownerID: owner, name: name, kind: kind,
      balance: Money(minorUnits: balance, currency: currency), position: Int32(id),
      hidden: hidden, version: 1, createdAt: writtenAt, updatedAt: writtenAt)
  }

  static func notice(
    id: Int64, message: String, activeFrom: Date? = nil, activeUntil: Date? = nil,
    dismissedAt: Date? = nil
  ) -> Notice {
    Notice(
      id: id, ownerID: "demo", message: message, severity: .info, dismissible: true,
      activeFrom: activeFrom, activeUntil: activeUntil, position: 0, dismissedAt: dismissedAt,
      version: 1, createdAt: writtenAt, updatedAt: writtenAt)
  }
}
