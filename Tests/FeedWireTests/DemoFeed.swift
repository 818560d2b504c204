import AccountModel
import FeedAssembler
import FeedComponents
import Foundation

/// The demo owner's rows as `feedctl demo` creates them — three KRW accounts (116,848원, 20,000원,
/// 50,000원) and one notice — built as values, so the documents need no database.
struct DemoFeed {
  var accounts: [Account]
  var notices: [Notice]
  var readAt = Date(timeIntervalSince1970: 946_684_800 + Double(1_000_000) / 1e6)
  var snapshotSequence: Int64 = 0

  init() {
    let time = Date(timeIntervalSince1970: 946_684_800 + Double(0) / 1e6)
    let balances: [(String, String, Int64)] = [
      ("토스뱅크 통장", "checking", 116_848), ("저축 통장", "savings", 20_000),
      ("비상금", "savings", 50_000),
    ]
    accounts = balances.enumerated().map { index, account in
      Account(
        id: Int64(index + 1), ownerID: "demo", name: account.0, kind: account.1,
        balance: Money(minorUnits: account.2, currency: .krw), position: Int32(index),
        hidden: false, version: 1, createdAt: time, updatedAt: time)
    }
    notices = [
      Notice(
        id: 1, ownerID: "demo", message: "계좌를 누르면 거래 내역을 확인할 수 있어요.",
        severity: .info, dismissible: true, activeFrom: nil, activeUntil: nil, position: 0,
        dismissedAt: nil, version: 1, createdAt: time, updatedAt: time)
    ]
  }

  var rows: FeedRows {
    FeedRows(
      owner: Owner(
        id: "demo", displayName: "데모", lastSnapshotSequence: snapshotSequence,
        createdAt: Date(timeIntervalSince1970: 946_684_800 + Double(0) / 1e6)),
      accounts: accounts, notices: notices, readAt: readAt)
  }

  /// The document the default layout gives for these rows.
  func document() throws -> FeedDocument {
    try FeedAssembler().assemble(rows)
  }
}
