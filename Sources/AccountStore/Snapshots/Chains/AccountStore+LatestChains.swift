import AccountModel
import Postgres

/// The latest chain of many owners' screens at once, for a batch of snapshots to store its
/// deltas against.
extension AccountStore {
  /// The latest snapshot of each owner's screen, with its feed rebuilt from its chain, by
  /// owner; an owner without one is left out. Every chain is read in one query.
  static func latestSnapshots(
    of screens: [(owner: String, screen: String)], in tx: PostgresTransaction
  ) throws -> [String: SnapshotBase] {
    try latestSnapshots(from: try tx.query(latestChainsQuery(of: screens)))
  }

  /// `latestSnapshots(of:in:)` out of the rows of its `latestChainsQuery`.
  static func latestSnapshots(from rows: PostgresRows) throws -> [String: SnapshotBase] {
    // Each owner's rows are found in order, then the chains are rebuilt on every core.
    let ownerColumn = try rows.index(ofColumn: "owner_id")
    var chains: [(owner: String, rows: Range<Int>)] = []
    var start = rows.startIndex
    while start < rows.endIndex {
      let owner = try rows[start].decode(at: ownerColumn, as: String.self)
      var end = start + 1
      while end < rows.endIndex, try rows[end].decode(at: ownerColumn, as: String.self) == owner {
        end += 1
      }
      chains.append((owner, start..<end))
      start = end
    }
    let rebuilt = chains.concurrentMap { owner, range in
      let first = rows[range.lowerBound]
      let latest: Int64 = try first.decode("latest")
      // As `chain(owner:screen:upTo:in:)` says: a latest snapshot without a checkpoint is damage.
      guard try first.decode("body", as: String?.self) != nil,
        let (feed, checkpointBytes) = try SnapshotBase.rebuild(rows[range], owner: owner)
      else {
        throw AccountStoreError.damaged(
          "snapshot \(latest) of owner '\(owner)' has no checkpoint to start from")
      }
      return SnapshotBase(
        sequence: latest, feed: feed, chainBytes: try first.decode("chain_bytes"),
        chainLength: try first.decode("chain_length"), checkpointBytes: checkpointBytes)
    }
    var bases: [String: SnapshotBase] = [:]
    bases.reserveCapacity(chains.count)
    for (chain, base) in zip(chains, rebuilt) { bases[chain.owner] = try base.get() }
    return bases
  }

  /// The rows `latestSnapshots(of:in:)` rebuilds from: for each owner's screen, its latest
  /// snapshot's checkpoint and every snapshot after it, by owner and in order. Each step is a
  /// lateral lookup by key, so every owner's chain is read through the index and no other
  /// snapshot of its history: the checkpoint found walking back from the latest snapshot, as
  /// `chainQuery` finds it, once per owner, and the chain's rows after it (kept a lateral
  /// lookup by `OFFSET 0`: otherwise PostgreSQL may join the whole table instead). Written as
  /// one join with the checkpoint a subquery, a small table's plan looked the checkpoint up
  /// again for each of the owner's snapshots (3,000 lookups reading 300,000 index entries for
  /// an owner of 3,000 snapshots), or read the whole history with `max(sequence)`
  /// (`ChainLookupTests`).
  static func latestChainsQuery(of screens: [(owner: String, screen: String)]) -> PostgresQuery {
    var wanted = "["
    for (index, (owner, screen)) in screens.enumerated() {
      if index > 0 { wanted += "," }
      wanted += "[" + SnapshotBody.quoted(owner) + "," + SnapshotBody.quoted(screen) + "]"
    }
    return """
      SELECT wanted.owner_id, last.sequence AS latest, last.chain_bytes, last.chain_length,
        link.sequence, link.digest, link.body::text AS body
      FROM jsonb_array_elements(\(PostgresJSONB(wanted + "]"))) WITH ORDINALITY AS pair (value, n)
      CROSS JOIN LATERAL (SELECT pair.value ->> 0 AS owner_id, pair.value ->> 1 AS screen) AS wanted
      CROSS JOIN LATERAL (
        SELECT sequence, chain_bytes, chain_length FROM feed_snapshots
        WHERE owner_id = wanted.owner_id AND screen = wanted.screen
        ORDER BY sequence DESC LIMIT 1) AS last
      LEFT JOIN LATERAL (
        SELECT sequence FROM feed_snapshots
        WHERE owner_id = wanted.owner_id AND screen = wanted.screen
          AND sequence <= last.sequence AND base_sequence IS NULL
        ORDER BY sequence DESC LIMIT 1) AS checkpoint ON true
      LEFT JOIN LATERAL (
        SELECT sequence, digest, body FROM feed_snapshots
        WHERE owner_id = wanted.owner_id AND screen = wanted.screen
          AND sequence BETWEEN checkpoint.sequence AND last.sequence
        OFFSET 0) AS link ON true
      ORDER BY pair.n, link.sequence
      """
  }
}
