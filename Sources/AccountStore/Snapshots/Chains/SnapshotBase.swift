import Postgres

/// The latest snapshot of an owner's screen, as the next snapshot of that screen is stored
/// against it: its feed rebuilt from its chain, and what decides whether the next one may be
/// another delta.
struct SnapshotBase {
  var sequence: Int64
  var feed: StoredFeed
  /// The latest snapshot's `chain_bytes` and `chain_length`.
  var chainBytes: Int
  var chainLength: Int
  /// The bytes of the chain's checkpoint body.
  var checkpointBytes: Int

  /// Rebuilds the feed from `rows` — `sequence`, `digest` and `body` (as text) of a checkpoint
  /// and the deltas after it, in order — of owner `id`'s screen; nil when there are none.
  static func rebuild(_ rows: some Sequence<PostgresRow>, owner id: String) throws -> (
    feed: StoredFeed, checkpointBytes: Int
  )? {
    var chain = SnapshotChain()
    var checkpointBytes: Int?
    for row in rows {
      let body: String = try row.decode("body")
      if checkpointBytes == nil { checkpointBytes = body.utf8.count }
      do {
        try chain.apply(body: body, digest: try row.decode("digest"))
      } catch let error as SnapshotChainError {
        let number: Int64 = try row.decode("sequence")
        throw AccountStoreError.damaged("snapshot \(number) of owner '\(id)': \(error)")
      }
    }
    return checkpointBytes.map { (chain.feed, $0) }
  }
}
