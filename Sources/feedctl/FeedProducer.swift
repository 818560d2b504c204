import AccountStore
import FeedAssembler
import FeedComponents

/// Turns an owner's rows into the feed document that is shown, stored and diffed, with the
/// layout from `--config` (or `FEEDCTL_CONFIG`) or else the built-in one, which draws seed 000's
/// "내 계좌" screen.
struct FeedProducer {
  let assembler: FeedAssembler

  init(configPath: String?) throws {
    let layout = try configPath.map { path throws(FeedLayoutError) in
      try FeedLayout.load(from: path)
    }
    assembler = FeedAssembler(layout: layout ?? .default)
  }

  func document(for rows: FeedRows) throws -> FeedDocument {
    try assembler.assemble(rows)
  }

  /// What a snapshot of `rows` stores.
  func snapshotContent(for rows: FeedRows, reason: String, label: String? = nil) throws
    -> SnapshotContent
  {
    try assembler.snapshotContent(for: rows, label: label, reason: reason)
  }
}
