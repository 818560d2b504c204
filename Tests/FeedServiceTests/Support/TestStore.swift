import AccountFeedTestSupport
import AccountModel
import AccountStore
import Foundation
import PostgresTestSupport
import Testing

/// A migrated store on a fresh database of its own, for the duration of `body`.
func withStore<Result>(_ body: (AccountStore) throws -> Result) throws -> Result {
  try TestDatabase.with(.migrated) { database in
    let store = AccountStore(connection: try database.connect())
    return try body(store)
  }
}

/// The owner of the seed's screen.
let seedOwner = "demo"

/// Seed 000's data: the notice and the three accounts of the "내 계좌" screen, in that order.
let seedChanges: [StoreChange] = [
  .addOwner(id: seedOwner, displayName: "데모"),
  .addNotice(ownerID: seedOwner, NewNotice(message: "계좌를 누르면 거래 내역을 확인할 수 있어요.")),
  .addAccount(
    ownerID: seedOwner,
    NewAccount(
      name: "토스뱅크 통장", kind: "checking", balance: Money(minorUnits: 116_848, currency: .krw))),
  .addAccount(
    ownerID: seedOwner,
    NewAccount(name: "저축 통장", kind: "savings", balance: Money(minorUnits: 20_000, currency: .krw))),
  .addAccount(
    ownerID: seedOwner,
    NewAccount(name: "비상금", kind: "savings", balance: Money(minorUnits: 50_000, currency: .krw))),
]

extension AccountStore {
  /// Applies `changes` and returns the ids of the accounts they added, in order.
  @discardableResult
  func add(_ changes: [StoreChange]) throws -> [Int64] {
    try apply(changes, in: .anyOwner).compactMap {
      if case .account(let account) = $0 { return account.id }
      return nil
    }
  }

  /// The id of the notice the seed added.
  func seedNoticeID() throws -> Int64 {
    try #require(try feedRows(owner: seedOwner).notices.first).id
  }
}

/// The seed's rows as values, built by hand with the ids the database gave them: what
/// `feedRows(owner:)` must hand over after `seedChanges`. Times the document never shows are
/// left at the epoch.
func seedRows(accountIDs: [Int64], noticeID: Int64, readAt: Date) -> FeedRows {
  let epoch = Date(timeIntervalSince1970: 0)
  let accounts = zip(
    accountIDs,
    [("토스뱅크 통장", "checking", 116_848), ("저축 통장", "savings", 20_000), ("비상금", "savings", 50_000)]
  ).enumerated().map { position, row in
    let (id, (name, kind, balance)) = row
    return Account(
      id: id, ownerID: seedOwner, name: name, kind: kind,
      balance: Money(minorUnits: Int64(balance), currency: .krw), position: Int32(position),
      hidden: false, version: 1, createdAt: epoch, updatedAt: epoch)
  }
  let notice = Notice(
    id: noticeID, ownerID: seedOwner, message: "계좌를 누르면 거래 내역을 확인할 수 있어요.", severity: .info,
    dismissible: true, activeFrom: nil, activeUntil: nil, position: 0, dismissedAt: nil,
    version: 1, createdAt: epoch, updatedAt: epoch)
  return FeedRows(
    owner: Owner(id: seedOwner, displayName: "데모", createdAt: epoch), accounts: accounts,
    notices: [notice], readAt: readAt)
}
