import AccountModel
import Foundation
import Postgres

extension AccountStore {
  /// Removes the snapshots `retention` lets go — of one owner, or of every owner when `owner`
  /// is nil — and then every item node no remaining snapshot refers to. A kept snapshot whose
  /// base goes is rewritten as a delta on the kept one before it (or a checkpoint), so each
  /// still reads back as it was. A dry run does all of it and rolls it back, so it reports
  /// exactly what a real run would remove. It does so in one transaction that sees the
  /// database as it stood when it began (`REPEATABLE READ`) and locks no owner: however many
  /// owners it goes through, no write waits for it.
  public func pruneSnapshots(
    owner: String? = nil, retention: SnapshotRetention, dryRun: Bool = false
  ) throws(AccountStoreError) -> PruneResult {
    let ids: [String]
    if let owner {
      ids = [try self.owner(owner).id]
    } else {
      ids = try owners().map(\.id)
    }
    if dryRun {
      var result = PruneResult(snapshots: 0, items: 0)
      do {
        try connection.transaction(isolation: .repeatableRead) { tx in
          for id in ids {
            result.snapshots += try Self.prune(
              owner: id, retention: retention, locking: false, in: tx)
          }
          result.items = try Self.collectItems(in: tx)
          throw DryRun()
        }
      } catch is DryRun {
        return result
      } catch {
        throw AccountStoreError(error)
      }
    }
    var removed = 0
    for id in ids {
      removed += try retryingTransientFailures {
        try connection.transaction { tx in
          try Self.prune(owner: id, retention: retention, locking: true, in: tx)
        }
      }
    }
    let items = try retryingTransientFailures {
      try connection.transaction { tx in try Self.collectItems(in: tx) }
    }
    return PruneResult(snapshots: removed, items: items)
  }

  private struct DryRun: Error {}

  private struct StoredRow {
    var sequence: Int64
    var baseSequence: Int64?
    var digest: String
    var body: String
    /// The nodes a checkpoint carries (SQL/013), as stored.
    var nodes: String?
    var keep: Bool
  }

  /// Prunes one owner's screens, under the owner's lock when `locking` (a dry run reads a
  /// snapshot of the database instead); returns how many snapshots went.
  private static func prune(
    owner id: String, retention: SnapshotRetention, locking: Bool, in tx: PostgresTransaction
  ) throws -> Int {
    if locking { try lockOwners([id], in: tx) }
    let rows = try tx.query(
      """
      SELECT screen, sequence, base_sequence, taken_at, label, digest, body::text AS body, nodes
      FROM feed_snapshots WHERE owner_id = \(id) ORDER BY screen, sequence
      """)
    var screens: [String: [StoredRow]] = [:]
    var dates: [String: [(Date, Bool)]] = [:]
    for row in rows {
      let screen: String = try row.decode("screen")
      screens[screen, default: []].append(
        StoredRow(
          sequence: try row.decode("sequence"), baseSequence: try row.decode("base_sequence"),
          digest: try row.decode("digest"), body: try row.decode("body"),
          nodes: try row.decode("nodes"), keep: true))
      dates[screen, default: []].append(
        (try row.decode("taken_at"), try row.decode("label", as: String?.self) != nil))
    }
    var removed: [Int64] = []
    for (screen, var list) in screens.sorted(by: { $0.key < $1.key }) {
      let when = dates[screen] ?? []
      for index in list.indices {
        list[index].keep = retention.keeps(
          index: index, of: list.count, takenAt: when[index].0, labelled: when[index].1)
      }
      if list.allSatisfy(\.keep) { continue }
      try rebase(list, owner: id, in: tx)
      removed += list.filter { !$0.keep }.map(\.sequence)
    }
    if removed.isEmpty { return 0 }
    let list = "[" + removed.map(String.init).joined(separator: ",") + "]"
    return try tx.execute(
      """
      DELETE FROM feed_snapshots WHERE owner_id = \(id)
        AND sequence IN (SELECT jsonb_array_elements_text(\(PostgresJSONB(list)))::bigint)
      """)
  }

  /// Rewrites every kept snapshot whose base is about to go as a delta on the kept snapshot
  /// before it, or as a checkpoint when none is. Either refers to its items by digest in
  /// another chain than the one they were written in, so a node that chain's checkpoint
  /// carried is put in `feed_items` first, where the rewritten snapshot finds it.
  private static func rebase(_ list: [StoredRow], owner id: String, in tx: PostgresTransaction)
    throws
  {
    var chain = SnapshotChain()
    var carried: [String: String] = [:]
    var previous: (sequence: Int64, feed: StoredFeed)?
    for row in list {
      if row.baseSequence == nil {
        chain = SnapshotChain()
        carried = try SnapshotRecord.carriedNodes(row.nodes, sequence: row.sequence, owner: id)
      }
      try chain.apply(body: row.body, digest: row.digest)
      guard row.keep else { continue }
      let feed = chain.feed
      if let base = row.baseSequence, base != previous?.sequence {
        let digests = feed.itemDigests
        try insertNodes(carried.filter { digests.contains($0.key) }, in: tx)
        let body = SnapshotBody.encode(feed, against: previous?.feed)
        try tx.execute(
          """
          UPDATE feed_snapshots SET base_sequence = \(previous?.sequence),
            body = \(body), chain_bytes = \(Int64(previous == nil ? 0 : body.utf8.count)),
            chain_length = \(Int64(previous == nil ? 0 : 1))
          WHERE owner_id = \(id) AND sequence = \(row.sequence)
          """)
      }
      previous = (row.sequence, feed)
    }
  }

  /// Deletes every item node no snapshot needs from `feed_items`, under a lock that waits for
  /// writes adding nodes to commit (and holds new ones back), so a node a write is about to
  /// refer to is never taken from under it. A checkpoint that carries its nodes needs none of
  /// them here: once the chains before it are gone, the rows their deltas added for the items
  /// it carries go too.
  private static func collectItems(in tx: PostgresTransaction) throws -> Int {
    try tx.execute("LOCK TABLE feed_items IN SHARE ROW EXCLUSIVE MODE")
    return try tx.execute(
      """
      DELETE FROM feed_items WHERE digest NOT IN (
        SELECT op ->> 1 FROM feed_snapshots,
          jsonb_array_elements(body::jsonb -> 'sections') AS section,
          jsonb_array_elements(
            CASE jsonb_typeof(section -> 'items') WHEN 'array' THEN section -> 'items' ELSE '[]' END
            || CASE jsonb_typeof(section -> 'set') WHEN 'array' THEN section -> 'set' ELSE '[]' END
          ) AS op
        WHERE feed_snapshots.nodes IS NULL AND jsonb_typeof(op -> 1) = 'string')
      """)
  }
}
