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
  @discardableResult
  public func recordUnlessLatest(
    owner id: String, render: (FeedRows) throws -> SnapshotContent
  ) throws(AccountStoreError) -> SnapshotContent {
    try retryingTransientFailures {
      try connection.transaction(synchronousCommit: false) { tx in
        try Self.lockOwners([id], in: tx)
        let content = try Self.renderNextSnapshot(owner: id, render: render, in: tx)
        if try Self.latestDigest(owner: id, screen: content.screen, in: tx) != content.digest {
          try Self.storeSnapshot(owner: id, content: content, in: tx)
        }
        return content
      }
    }
  }
}
