import AccountModel
import Postgres

/// The rows of a batch of snapshots as one array per column of `feed_snapshots`, for
/// `INSERT … SELECT * FROM unnest(…)` (`AccountStore.batchWrites`): each value exactly as
/// `storeSnapshot` inserts it, the body as the text it is.
struct SnapshotColumns {
  var owner = PostgresArray<String>()
  var sequence = PostgresArray<Int64>()
  var label = PostgresArray<String>()
  var reason = PostgresArray<String>()
  var digest = PostgresArray<String>()
  var screen = PostgresArray<String>()
  var baseSequence = PostgresArray<Int64>()
  var body = PostgresArray<String>()
  var nodes = PostgresArray<String>()
  var chainBytes = PostgresArray<Int32>()
  var chainLength = PostgresArray<Int32>()
  var added = PostgresArray<Int32>()
  var changed = PostgresArray<Int32>()
  var removed = PostgresArray<Int32>()
  var moved = PostgresArray<Int32>()

  mutating func append(
    content: SnapshotContent, info: SnapshotInfo, record: SnapshotRecord, summary: SnapshotSummary
  ) {
    owner.append(info.ownerID)
    sequence.append(info.sequence)
    label.append(content.label)
    reason.append(content.reason)
    digest.append(content.digest)
    screen.append(content.screen)
    baseSequence.append(record.baseSequence)
    body.append(record.body)
    nodes.append(record.carriedNodesText)
    chainBytes.append(Int32(clamping: record.chainBytes))
    chainLength.append(Int32(clamping: record.chainLength))
    added.append(Int32(clamping: summary.added))
    changed.append(Int32(clamping: summary.changed))
    removed.append(Int32(clamping: summary.removed))
    moved.append(Int32(clamping: summary.moved))
  }
}
