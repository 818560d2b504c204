/// What one change produced: the row as it is after the change, or what was removed.
public enum StoreChangeResult: Hashable, Sendable {
  case owner(Owner)
  case removedOwner(Owner)
  case account(Account)
  case notice(Notice)
  case removedAccount(Account)
  case removedNotice(Notice)
  /// The change asked for what the row already was (hiding a hidden account, dismissing a
  /// dismissed notice, a delta of 0): nothing was written, and the row is reported as it is.
  indirect case unchanged(StoreChangeResult)

  /// The owner whose feed the change affected.
  public var ownerID: String {
    switch self {
    case .owner(let owner), .removedOwner(let owner): owner.id
    case .account(let account), .removedAccount(let account): account.ownerID
    case .notice(let notice), .removedNotice(let notice): notice.ownerID
    case .unchanged(let result): result.ownerID
    }
  }
}
