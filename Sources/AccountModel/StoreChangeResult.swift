/// What one change produced: the row as it is after the change, or what was removed.
public enum StoreChangeResult: Hashable, Sendable {
  case owner(Owner)
  case removedOwner(Owner)
  case account(Account)
  case notice(Notice)
  case removedAccount(Account)
  case removedNotice(Notice)

  /// The owner whose feed the change affected.
  public var ownerID: String {
    switch self {
    case .owner(let owner), .removedOwner(let owner): owner.id
    case .account(let account), .removedAccount(let account): account.ownerID
    case .notice(let notice), .removedNotice(let notice): notice.ownerID
    }
  }
}
