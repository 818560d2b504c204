import AccountModel

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
}
