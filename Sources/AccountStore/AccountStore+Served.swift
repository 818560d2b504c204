import AccountModel
import Foundation
import Postgres

/// What an owner was shown outside any write: the feed a server hands out can differ from the
/// latest snapshot (a notice's window opened, a program wrote around the service), and a
/// client that later asks "what changed since that document" must find it.
extension AccountStore {
  /// The digest of the owner's latest snapshot, nil before the first: one small read, for
  /// deciding whether a served feed needs recording at all.
  public func latestSnapshotDigest(owner id: String) throws(AccountStoreError) -> String? {
    do {
      return try connection.query(
        """
        SELECT digest FROM feed_snapshots WHERE owner_id = \(id) AND screen = \(Snapshot.homeScreen)
        ORDER BY sequence DESC LIMIT 1
        """
      ).first?.decode("digest", as: String.self)
    } catch {
      throw AccountStoreError(error)
    }
  }

  /// The sequence of the owner's newest snapshot with `digest`, nil when the owner was never
  /// shown that document (another owner's document included).
  public func snapshotSequence(owner id: String, digest: String) throws(AccountStoreError)
    -> Int64?
  {
    do {
      return try connection.query(
        """
        SELECT sequence FROM feed_snapshots
        WHERE owner_id = \(id) AND digest = \(digest) AND screen = \(Snapshot.homeScreen)
        ORDER BY sequence DESC LIMIT 1
        """
      ).first?.decode("sequence", as: Int64.self)
    } catch {
      throw AccountStoreError(error)
    }
  }

  /// Renders the owner's feed under the owner's lock and stores it as a snapshot unless the
  /// latest snapshot has the same digest, so concurrent servers record a document once.
  /// Returns what was rendered, recorded or not.
  @discardableResult
  public func recordUnlessLatest(
    owner id: String, render: (FeedRows) throws -> SnapshotContent
  ) throws(AccountStoreError) -> SnapshotContent {
    do {
      return try connection.transaction { tx in
        try Self.lockOwners([id], in: tx)
        let content = try Self.renderNextSnapshot(owner: id, render: render, in: tx)
        if try Self.latestDigest(owner: id, screen: content.screen, in: tx) != content.digest {
          try Self.storeSnapshot(owner: id, content: content, in: tx)
        }
        return content
      }
    } catch {
      throw AccountStoreError(error)
    }
  }
}
