import AccountModel
import AccountStore
import PostgresTestSupport
import Testing

/// A migrated store on a fresh database of its own, for the duration of `body`.
func withStore<Result>(_ body: (AccountStore) throws -> Result) throws -> Result {
  try TestDatabase.with { database in
    let store = AccountStore(connection: try database.connect())
    _ = try store.migrate()
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

/// `count` spaces, for expected screens written out by hand.
func spaces(_ count: Int) -> String {
  String(repeating: " ", count: count)
}
