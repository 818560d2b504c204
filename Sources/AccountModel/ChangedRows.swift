import Foundation

/// What a `SnapshotPatcher` draws a write's snapshot from when the write left every account
/// where it stands: the accounts it changed, as they are now, and the small rest of the feed
/// read whole — the owner, every notice, and the balances added up by the database.
public struct ChangedRows: Hashable, Sendable {
  public var owner: Owner
  /// The changed accounts after the write, each once.
  public var accounts: [Account]
  /// Every notice of the owner, in display order.
  public var notices: [Notice]
  /// The owner's balances added up per currency, hidden accounts apart from shown ones.
  public var sums: [BalanceSum]
  /// The database's clock at the read; notice windows are judged against it.
  public var readAt: Date

  public init(
    owner: Owner, accounts: [Account], notices: [Notice], sums: [BalanceSum], readAt: Date
  ) {
    self.owner = owner
    self.accounts = accounts
    self.notices = notices
    self.sums = sums
    self.readAt = readAt
  }
}
