/// How a snapshot's feed is written against its screen's latest snapshot: a delta when the
/// chain has room for it, otherwise a checkpoint (see `AccountStore.storeSnapshot`).
struct SnapshotRecord {
  var body: String
  /// The snapshot the body is a delta against; nil for a checkpoint.
  var baseSequence: Int64?
  var chainBytes = 0
  var chainLength = 0

  /// A delta against `base`, or a checkpoint when there is no base, the chain is at its
  /// longest (`AccountStore.longestChain`), or its deltas would outweigh its checkpoint and
  /// `AccountStore.smallestChainBudget`.
  init(_ feed: StoredFeed, base: SnapshotBase?) {
    if let base {
      let delta = SnapshotBody.encode(feed, against: base.feed)
      let bytes = base.chainBytes + delta.utf8.count
      let length = base.chainLength + 1
      if bytes <= max(base.checkpointBytes, AccountStore.smallestChainBudget),
        length <= AccountStore.longestChain
      {
        body = delta
        baseSequence = base.sequence
        chainBytes = bytes
        chainLength = length
        return
      }
    }
    body = SnapshotBody.encode(feed, against: nil)
  }

  /// The bytes of the chain's checkpoint once this record is stored: its own body when it is
  /// one, its base's chain's otherwise.
  func checkpointBytes(base: SnapshotBase?) -> Int {
    if baseSequence == nil { return body.utf8.count }
    return base?.checkpointBytes ?? body.utf8.count
  }
}
