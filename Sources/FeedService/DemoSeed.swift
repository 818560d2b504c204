import AccountModel

/// Seed 000's "내 계좌" screen as rows: the owner `demo`, one notice and three KRW accounts.
///
/// Seeding adds only what is missing (matched by account name and notice message), so running
/// it again — or eight times at once — leaves exactly one copy of each.
public enum DemoSeed {
  public static let owner = "demo"
  public static let displayName = "Demo"
  public static let notice = "계좌를 누르면 거래 내역을 확인할 수 있어요."
  public static let accounts: [NewAccount] = [
    NewAccount(
      name: "토스뱅크 통장", kind: "checking", balance: Money(minorUnits: 116_848, currency: .krw)),
    NewAccount(name: "저축 통장", kind: "savings", balance: Money(minorUnits: 20_000, currency: .krw)),
    NewAccount(name: "비상금", kind: "savings", balance: Money(minorUnits: 50_000, currency: .krw)),
  ]

  /// The changes that complete `rows` (nil: the owner does not exist yet) to the seed.
  static func missingChanges(existing rows: FeedRows?) -> [StoreChange] {
    var changes: [StoreChange] = []
    if rows == nil {
      changes.append(.addOwner(id: owner, displayName: displayName))
    }
    if !(rows?.notices.contains { $0.message == notice } ?? false) {
      changes.append(.addNotice(ownerID: owner, NewNotice(message: notice, dismissible: true)))
    }
    for account in accounts where !(rows?.accounts.contains { $0.name == account.name } ?? false) {
      changes.append(.addAccount(ownerID: owner, account))
    }
    return changes
  }
}
