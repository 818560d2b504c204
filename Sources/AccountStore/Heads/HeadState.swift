/// The screen's head as a patched write reads it, with the latest snapshot's chain: what the
/// patch is drawn over and what the new delta is recorded after.
struct HeadState {
  /// The latest snapshot's sequence, which the head is (or the head is not patched).
  let latest: Int64
  let head: FeedHead
  /// The latest snapshot's chain, which the new delta must fit in.
  let chainBytes: Int
  let chainLength: Int
  /// The size of the checkpoint the chain starts from.
  let checkpointBytes: Int
}
