import AccountModel
import Foundation

/// What a served read needs of the database, from one statement (`AccountStore.servedRows`):
/// the owner's rows, the digest of the owner's latest snapshot (to tell whether the feed they
/// make must be recorded), and when the feed next changes with no write.
public struct ServedRows: Sendable {
  /// The owner's rows, as `AccountStore.feedRows(owner:)` reads them.
  public let rows: FeedRows
  /// The digest of the latest snapshot of the owner's home screen; nil before the first.
  public let latestDigest: String?
  /// How long from the read (`rows.readAt`) until the next edge of one of the owner's notices
  /// that is not dismissed; nil when none lies ahead.
  public let nextWindowEdge: Duration?

  /// Whether `later`, the owner's rows read again, draw the feed these draw: the same owner,
  /// accounts and notices, read after these and before the next notice-window edge these saw
  /// coming (less the millisecond it was rounded up by), so no notice was shown or hidden
  /// between the two reads. A first read then draws its feed once, not again under the lock.
  public func drawTheSame(as later: FeedRows) -> Bool {
    guard later.readAt >= rows.readAt, later.owner == rows.owner,
      later.accounts == rows.accounts, later.notices == rows.notices
    else { return false }
    guard let edge = nextWindowEdge else { return true }
    let seconds = Double(edge.components.seconds) + Double(edge.components.attoseconds) / 1e18
    return later.readAt < rows.readAt.addingTimeInterval(seconds - 0.001)
  }
}
