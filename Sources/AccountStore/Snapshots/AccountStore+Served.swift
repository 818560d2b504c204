import AccountModel
import Foundation
import Postgres

/// What an owner was shown outside any write: the feed a server hands out can differ from the
/// latest snapshot (a notice's window opened, a program wrote around the service), and a
/// client that later asks "what changed since that document" must find it.
extension AccountStore {
  /// Renders the owner's feed under the owner's lock and stores it as a snapshot unless the
  /// latest snapshot of its screen has the same digest, so concurrent servers record a
  /// document once. Returns what was rendered, recorded or not.
  ///
  /// Its commit does not wait for the disk (`synchronousCommit: false`): this runs inside a
  /// phone's first read, and the record only lets a later catch-up start from what the phone
  /// was shown. Lost in a crash, it costs that phone one refetch (`409`, then the whole feed,
  /// which records it again); waiting would cost every first read an fsync. It writes only
  /// history (the snapshot, its nodes, the owner's head), never the rows a feed is drawn from,
  /// and the log is flushed in order, so any later commit that survives keeps it too.
  ///
  /// What it reads under the lock — the lock itself, the owner's rows, the latest snapshot of
  /// the home screen with its head — goes with its `BEGIN` in one pipeline, one round trip:
  /// each statement runs after the one before it, so the rows and the latest snapshot are read
  /// with the lock held, as one statement after another would read them. A renderer that draws
  /// another screen has its latest snapshot read again.
  @discardableResult
  public func recordUnlessLatest(
    owner id: String, render: (FeedRows) throws -> SnapshotContent
  ) throws(AccountStoreError) -> SnapshotContent {
    try retryingTransientFailures {
      var bindings = PostgresBindings()
      bindings.append(id)
      let reads = [
        Self.lockingOwners([id]), PostgresQuery(.feedRows, bindings: bindings),
        Self.latestRecordQuery(owner: id, screen: Snapshot.homeScreen),
      ]
      return try connection.transaction(synchronousCommit: false, opening: reads) { read, tx in
        guard !read[0].isEmpty else { throw AccountStoreError.notFound("owner '\(id)'") }
        let content = try Self.renderNext(
          try Self.feedRows(owner: id, from: read[1]), render: render)
        let latest =
          content.screen == Snapshot.homeScreen
          ? read[2].first
          : try tx.query(Self.latestRecordQuery(owner: id, screen: content.screen)).first
        if try latest?.decode("digest", as: String.self) != content.digest {
          try Self.storeSnapshot(owner: id, content: content, latest: latest, in: tx)
        }
        return content
      }
    }
  }
}
