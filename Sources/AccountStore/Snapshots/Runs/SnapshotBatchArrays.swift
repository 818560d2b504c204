import AccountModel
import FeedVocabulary
import Postgres

/// The rows of a batch of snapshots as one array per column of `feed_snapshots`, for
/// `INSERT … SELECT * FROM unnest(…)` (`AccountStore.batchWrites`): each value exactly as
/// `storeSnapshot` inserts it (the counts as `int8`, which the server fits to the columns), the
/// body as the text it is.
struct SnapshotBatchArrays {
  var owner = PostgresArray<String>()
  var sequence = PostgresArray<Int64>()
  var label = PostgresArray<String>()
  var reason = PostgresArray<String>()
  var digest = PostgresArray<String>()
  var screen = PostgresArray<String>()
  var baseSequence = PostgresArray<Int64>()
  var body = PostgresArray<String>()
  var nodes = PostgresArray<String>()
  var chainBytes = PostgresArray<Int64>()
  var chainLength = PostgresArray<Int64>()
  var added = PostgresArray<Int64>()
  var changed = PostgresArray<Int64>()
  var removed = PostgresArray<Int64>()
  var moved = PostgresArray<Int64>()

  mutating func append(
    content: SnapshotContent, info: SnapshotInfo, record: SnapshotRecord, summary: ChangeSummary
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
    chainBytes.append(Int64(record.chainBytes))
    chainLength.append(Int64(record.chainLength))
    added.append(Int64(summary.added))
    changed.append(Int64(summary.changed))
    removed.append(Int64(summary.removed))
    moved.append(Int64(summary.moved))
  }
}
