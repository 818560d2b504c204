import Foundation

/// Everything one owner's feed is assembled from, read as one consistent view of the database.
///
/// Accounts and notices come in display order (position, then the most recently placed first),
/// hidden accounts and dismissed or inactive notices included: what to show is the layout's
/// decision, not the store's.
public struct FeedRows: Hashable, Sendable {
  public var owner: Owner
  public var accounts: [Account]
  public var notices: [Notice]
  /// The database's clock when the view was taken; notice windows are judged against it.
  public var readAt: Date

  public init(owner: Owner, accounts: [Account], notices: [Notice], readAt: Date) {
    self.owner = owner
    self.accounts = accounts
    self.notices = notices
    self.readAt = readAt
  }
}
