import AccountModel
import FeedVocabulary
import Foundation
import Postgres

// Snapshot storage (SQL/005): item nodes once by content in `feed_items` (or, for a short
// feed's checkpoint, carried in its own row: SQL/013), each snapshot a body of references — a
// checkpoint or a delta against the screen's previous snapshot — with its change summary. See
// `SnapshotBody` for the body and `SnapshotChain` for how a feed is rebuilt.

extension AccountStore {
  /// The most deltas a chain holds before the next snapshot is a checkpoint again, so rebuilding
  /// any snapshot reads at most this many bodies after one checkpoint.
  static let longestChain = 1000

  /// The bytes of deltas any chain may hold, however small its checkpoint: a small feed's
  /// checkpoint is about the size of a few deltas, and rewriting it every few writes would
  /// cost more than reading a chain of this size back.
  static let smallestChainBudget = 65_536

  /// The owner's snapshots oldest first — of every screen, or of `screen` — and only the newest
  /// `limit` when one is given. Reads no feed.
  public func snapshots(owner id: String, screen: String? = nil, limit: Int? = nil)
    throws(AccountStoreError) -> [SnapshotInfo]
  {
    _ = try owner(id)
    let rows = try mapping {
      try connection.query(
        """
        SELECT \(sql: .snapshotInfoColumns) FROM feed_snapshots
        WHERE owner_id = \(id) AND (\(screen)::text IS NULL OR screen = \(screen))
        ORDER BY sequence DESC LIMIT \(limit.map(Int64.init))
        """
      ).map(SnapshotInfo.init)
    }
    return rows.reversed()
  }

  /// The owner's snapshot with that sequence number (`feedctl show --at 7`).
  public func snapshot(owner id: String, sequence: Int64) throws(AccountStoreError) -> Snapshot {
    try loadSnapshot(
      "SELECT \(sql: .snapshotInfoColumns) FROM feed_snapshots WHERE owner_id = \(id) AND sequence = \(sequence)",
      missing: "snapshot \(sequence) of owner '\(id)'")
  }

  /// The owner's snapshot with that label; labels are unique per owner.
  public func snapshot(owner id: String, label: String) throws(AccountStoreError) -> Snapshot {
    try loadSnapshot(
      "SELECT \(sql: .snapshotInfoColumns) FROM feed_snapshots WHERE owner_id = \(id) AND label = \(label)",
      missing: "snapshot labelled '\(label)' of owner '\(id)'")
  }

  /// The newest snapshot of the owner's screen whose document has `digest`, or nil: what a
  /// client holding that version is catching up from. Uses the `(owner_id, digest)` index.
  public func snapshot(owner id: String, digest: String, screen: String = Snapshot.homeScreen)
    throws(AccountStoreError) -> Snapshot?
  {
    do {
      return try loadSnapshot(
        """
        SELECT \(sql: .snapshotInfoColumns) FROM feed_snapshots
        WHERE owner_id = \(id) AND digest = \(digest) AND screen = \(screen)
        ORDER BY sequence DESC LIMIT 1
        """,
        missing: "")
    } catch .notFound {
      return nil
    }
  }

  /// The newest snapshot of the owner's screen, or nil when it has none.
  public func latestSnapshot(owner id: String, screen: String = Snapshot.homeScreen)
    throws(AccountStoreError) -> Snapshot?
  {
    do {
      return try loadSnapshot(
        """
        SELECT \(sql: .snapshotInfoColumns) FROM feed_snapshots
        WHERE owner_id = \(id) AND screen = \(screen) ORDER BY sequence DESC LIMIT 1
        """,
        missing: "")
    } catch .notFound {
      return nil
    }
  }

  private func loadSnapshot(_ query: PostgresQuery, missing: String) throws(AccountStoreError)
    -> Snapshot
  {
    try mapping {
      try connection.transaction(isolation: .repeatableRead, readOnly: true) { tx in
        guard let row = try tx.query(query).first else {
          throw AccountStoreError.notFound(missing)
        }
        let info = try SnapshotInfo(row: row)
        let chain = try Self.chain(
          owner: info.ownerID, screen: info.screen, upTo: info.sequence, withNodes: true, in: tx)
        return Snapshot(
          info: info, feed: chain.feed,
          nodes: try Self.nodes(of: chain.feed, carried: chain.carriedNodes, in: tx))
      }
    }
  }

  // MARK: Shared steps

  /// The rows `chain(owner:screen:upTo:in:)` rebuilds a feed from: the latest checkpoint at or
  /// before `sequence` and every snapshot after it, in order. The checkpoint is found walking
  /// back from `sequence` (`ORDER BY … DESC LIMIT 1`), so a lookup reads the chain's rows and
  /// no more: written as `max(sequence)`, the plan a prepared statement settles on after five
  /// runs read every snapshot the screen ever had, and a write to an owner with 3,000 snapshots
  /// took 1.8 ms to find its checkpoint (`ChainLookupTests`). The nodes the checkpoint carries
  /// are read only `withNodes`; a write rebuilding its base needs none of them.
  static func chainQuery(
    owner id: String, screen: String, upTo sequence: Int64, withNodes: Bool = false
  ) -> PostgresQuery {
    """
    SELECT sequence, digest, body::text AS body, CASE WHEN \(withNodes) THEN nodes END AS nodes
    FROM feed_snapshots
    WHERE owner_id = \(id) AND screen = \(screen) AND sequence <= \(sequence)
      AND sequence >= (
        SELECT sequence FROM feed_snapshots
        WHERE owner_id = \(id) AND screen = \(screen) AND sequence <= \(sequence)
          AND base_sequence IS NULL
        ORDER BY sequence DESC LIMIT 1)
    ORDER BY sequence
    """
  }

  /// The screen's feed at `sequence`: its checkpoint and the deltas after it, applied in order,
  /// how many bytes the checkpoint takes (to decide when the next write starts a checkpoint),
  /// and, `withNodes`, the nodes the checkpoint carries (empty otherwise).
  static func chain(
    owner id: String, screen: String, upTo sequence: Int64, withNodes: Bool = false,
    in tx: some PostgresQueryable
  ) throws -> (feed: StoredFeed, checkpointBytes: Int, carriedNodes: [String: String]) {
    let rows = try tx.query(
      chainQuery(owner: id, screen: screen, upTo: sequence, withNodes: withNodes))
    // Both callers hold the snapshot's own row: no checkpoint at or before it is damage.
    guard let (feed, checkpointBytes) = try SnapshotBase.rebuild(rows, owner: id),
      let checkpoint = rows.first
    else {
      throw AccountStoreError.damaged(
        "snapshot \(sequence) of owner '\(id)' has no checkpoint to start from")
    }
    let carried = try SnapshotRecord.carriedNodes(
      checkpoint.decode("nodes"), sequence: checkpoint.decode("sequence"), owner: id)
    return (feed, checkpointBytes, carried)
  }

  /// The node of every item `feed` refers to: out of the nodes its chain's checkpoint
  /// `carried`, the rest from `feed_items` in one query.
  static func nodes(
    of feed: StoredFeed, carried: [String: String], in tx: some PostgresQueryable
  ) throws -> [String: String] {
    var nodes: [String: String] = [:]
    var digests: [String] = []
    for digest in feed.itemDigests {
      if let node = carried[digest] { nodes[digest] = node } else { digests.append(digest) }
    }
    if digests.isEmpty { return nodes }
    let list = "[" + digests.map(SnapshotBody.quoted).joined(separator: ",") + "]"
    nodes.reserveCapacity(nodes.count + digests.count)
    for row in try tx.query(
      """
      SELECT digest, node::text AS node FROM feed_items
      WHERE digest IN (SELECT jsonb_array_elements_text(\(PostgresJSONB(list))))
      """)
    {
      nodes[try row.decode("digest")] = try row.decode("node")
    }
    if let missing = digests.first(where: { nodes[$0] == nil }) {
      throw AccountStoreError.damaged("the stored item with digest \(missing) is missing")
    }
    return nodes
  }

  /// The digest of the latest snapshot of the owner's screen, nil before the first.
  static func latestDigest(owner id: String, screen: String, in tx: PostgresTransaction) throws
    -> String?
  {
    try tx.query(
      """
      SELECT digest FROM feed_snapshots WHERE owner_id = \(id) AND screen = \(screen)
      ORDER BY sequence DESC LIMIT 1
      """
    ).first?.decode("digest", as: String.self)
  }

  /// Takes the owner's next snapshot sequence and stores `content` under it: a delta against
  /// the screen's latest snapshot, or a checkpoint when there is none, the chain is at its
  /// longest, or its deltas would outweigh its checkpoint and `smallestChainBudget` (so history
  /// takes at most about twice what changed, and a rebuild reads at most about twice a
  /// checkpoint). A short feed's checkpoint carries its nodes; otherwise the nodes go in
  /// `feed_items` where it lacks them — a delta's only those the base did not show, a
  /// checkpoint's every one (`SnapshotRecord.nodesForItemTable`). The screen's head follows
  /// (`updateHead`). The caller holds the owner's lock, so it is the sequence
  /// `renderNextSnapshot` rendered with.
  @discardableResult
  static func storeSnapshot(
    owner id: String, content: SnapshotContent, in tx: PostgresTransaction
  ) throws -> SnapshotInfo {
    try storeSnapshot(
      owner: id, content: content,
      latest: try tx.query(latestRecordQuery(owner: id, screen: content.screen)).first, in: tx)
  }

  /// The row `storeSnapshot` builds on: the screen's latest snapshot (its sequence, digest and
  /// chain's size) with its head's sequence and renderer, no row before the first snapshot.
  static func latestRecordQuery(owner id: String, screen: String) -> PostgresQuery {
    """
    SELECT s.sequence, s.digest, s.chain_bytes, s.chain_length, h.sequence AS head_sequence,
      h.renderer AS head_renderer
    FROM feed_snapshots s LEFT JOIN feed_heads h ON h.owner_id = s.owner_id AND h.screen = s.screen
    WHERE s.owner_id = \(id) AND s.screen = \(screen) ORDER BY s.sequence DESC LIMIT 1
    """
  }

  /// `storeSnapshot(owner:content:in:)` with the `latestRecordQuery` row already read in `tx`,
  /// under the owner's lock (nil when the screen has no snapshot yet).
  @discardableResult
  static func storeSnapshot(
    owner id: String, content: SnapshotContent, latest: PostgresRow?, in tx: PostgresTransaction
  ) throws -> SnapshotInfo {
    let screen = content.screen
    var base: SnapshotBase?
    var head: (sequence: Int64, renderer: String)?
    if let latest {
      let sequence: Int64 = try latest.decode("sequence")
      let (feed, checkpointBytes, _) = try chain(
        owner: id, screen: screen, upTo: sequence, in: tx)
      base = SnapshotBase(
        sequence: sequence, feed: feed, chainBytes: try latest.decode("chain_bytes"),
        chainLength: try latest.decode("chain_length"), checkpointBytes: checkpointBytes)
      if let headSequence = try latest.decode("head_sequence", as: Int64?.self) {
        head = (headSequence, try latest.decode("head_renderer"))
      }
    }
    let record = try SnapshotRecord(content, base: base)
    try insertNodes(try record.nodesForItemTable(of: content, base: base), in: tx)
    let info = try insertSnapshot(
      owner: id, screen: screen, label: content.label, reason: content.reason,
      digest: content.digest, base: record.baseSequence, body: record.body,
      nodes: record.carriedNodesText, chainBytes: record.chainBytes,
      chainLength: record.chainLength,
      summary: content.summarize(base?.feed), in: tx)
    try updateHead(
      owner: id, content: content, sequence: info.sequence,
      base: base.map { ($0.sequence, $0.feed) }, head: head,
      checkpointBytes: record.checkpointBytes(base: base), in: tx)
    return info
  }

  /// Takes the owner's next sequence number and inserts the snapshot row under it.
  static func insertSnapshot(
    owner id: String, screen: String, label: String?, reason: String, digest: String,
    base: Int64?, body: String, nodes: String?, chainBytes: Int, chainLength: Int,
    summary: ChangeSummary, in tx: PostgresTransaction
  ) throws -> SnapshotInfo {
    try SnapshotInfo(
      row: try tx.query(
        snapshotInsertion(
          owner: id, screen: screen, label: label, reason: reason, digest: digest, base: base,
          body: body, nodes: nodes, chainBytes: chainBytes, chainLength: chainLength,
          summary: summary)
      ).single())
  }

  /// The one statement that takes the owner's next sequence number and inserts the snapshot row
  /// under it, returning the row (`SQLFragment.snapshotInfoColumns`). `nodes` are the nodes a checkpoint
  /// carries (`SnapshotRecord.carriedNodesText`).
  static func snapshotInsertion(
    owner id: String, screen: String, label: String?, reason: String, digest: String,
    base: Int64?, body: String, nodes: String?, chainBytes: Int, chainLength: Int,
    summary: ChangeSummary
  ) -> PostgresQuery {
    """
    WITH taken AS (
      UPDATE owners SET last_snapshot_sequence = last_snapshot_sequence + 1 WHERE id = \(id)
      RETURNING last_snapshot_sequence)
    INSERT INTO feed_snapshots (owner_id, sequence, label, reason, digest, screen,
      base_sequence, body, nodes, chain_bytes, chain_length, added, changed, removed, moved)
    SELECT \(id), last_snapshot_sequence, \(label), \(reason), \(digest), \(screen),
      \(base), \(body), \(nodes), \(Int64(chainBytes)), \(Int64(chainLength)), \(Int64(summary.added)),
      \(Int64(summary.changed)), \(Int64(summary.removed)), \(Int64(summary.moved))
    FROM taken
    RETURNING \(sql: .snapshotInfoColumns)
    """
  }
}
