/// One write, as a value, so a batch of them can be checked up front and applied in a single
/// transaction — all or nothing.
public enum StoreChange: Hashable, Sendable {
  case addOwner(id: String, displayName: String)
  case renameOwner(id: String, displayName: String)
  /// Removes the owner with everything that belongs to it: accounts, notices and snapshots.
  case removeOwner(id: String)
  case addAccount(ownerID: String, NewAccount)
  case updateAccount(id: Int64, AccountUpdate)
  /// Adds `delta` minor units to the balance, atomically in the database, so concurrent deltas
  /// never lose one another; refused if the result would overflow.
  case adjustBalance(id: Int64, delta: Int64, expectedVersion: Int64?)
  case removeAccount(id: Int64, expectedVersion: Int64?)
  case addNotice(ownerID: String, NewNotice)
  case updateNotice(id: Int64, NoticeUpdate)
  case dismissNotice(id: Int64)
  case removeNotice(id: Int64, expectedVersion: Int64?)
}
