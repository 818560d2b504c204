import AccountModel
import Postgres

// A write drawn over the screen's head (see `AccountStore+FeedHeads.swift`), in four steps of
// one round trip each: read the head and the rows the write changed, plan what the patch
// replaces (`HeadPatchPlan`), write the head's rows, and record the snapshot.

extension AccountStore {
  /// Records the snapshot of a write to one owner by patching the home screen's head, and says
  /// whether it could; when it could not, nothing has been written and the caller draws the
  /// whole feed. As on the whole-feed path, a write that leaves the screen as it was records
  /// nothing.
  static func patchSnapshot(
    owner id: String, results: [StoreChangeResult], patcher: any SnapshotPatcher,
    in tx: PostgresTransaction
  ) throws -> Bool {
    let rows = FeedHeadRows(owner: id, screen: Snapshot.homeScreen)
    guard
      let (state, changedRows) = try readHead(
        owner: id, results: results, renderer: patcher.fingerprint, in: tx),
      let patch = try patcher.patch(changedRows, over: state.head),
      let plan = try HeadPatchPlan.make(patch, over: state, rows: rows, in: tx)
    else { return false }
    if plan.changesNothing { return true }
    guard let chain = plan.chain else { return false }
    let digests = try writeHead(plan, rows: rows, in: tx)
    try recordPatch(plan, digests: digests, chain: chain, owner: id, in: tx)
    return true
  }

  /// Reads the home screen's head with its latest snapshot's chain, and the rows the write is
  /// drawn from; nil when the head is not the latest snapshot's, was drawn by another renderer,
  /// or the database does not store UTF-8.
  private static func readHead(
    owner id: String, results: [StoreChangeResult], renderer: String, in tx: PostgresTransaction
  ) throws -> (HeadState, ChangedRows)? {
    let read = try tx.pipeline([headStateQuery(owner: id)] + changedRowsQueries(owner: id))
    guard let row = read[0].first else { return nil }
    let latest: Int64 = try row.decode("sequence")
    guard try row.decode("head_sequence", as: Int64.self) == latest,
      try row.decode("renderer", as: String.self) == renderer,
      try row.decode("encoding", as: String.self) == "UTF8"
    else { return nil }
    let state = HeadState(
      latest: latest,
      head: FeedHead(
        top: try row.decode("top"), sections: try headSections(try row.decode("sections"))),
      chainBytes: try row.decode("chain_bytes"), chainLength: try row.decode("chain_length"),
      checkpointBytes: try row.decode("checkpoint_bytes"))
    return (state, try changedRows(from: Array(read[1...]), results: results))
  }

  /// The home screen's head and its latest snapshot's chain, with the server's encoding.
  private static func headStateQuery(owner id: String) -> PostgresQuery {
    """
    SELECT h.sequence AS head_sequence, h.renderer, h.top, h.sections::text AS sections,
      h.checkpoint_bytes, s.sequence, s.chain_bytes, s.chain_length,
      current_setting('server_encoding') AS encoding
    FROM feed_heads h JOIN LATERAL (
      SELECT sequence, chain_bytes, chain_length FROM feed_snapshots
      WHERE owner_id = h.owner_id AND screen = h.screen ORDER BY sequence DESC LIMIT 1) s ON true
    WHERE h.owner_id = \(id) AND h.screen = \(Snapshot.homeScreen)
    """
  }

  /// Writes the head's rows as `plan` says and returns each patched section's digest, hashed by
  /// the database from the rows.
  private static func writeHead(
    _ plan: HeadPatchPlan, rows: FeedHeadRows, in tx: PostgresTransaction
  )
    throws -> [String: String]
  {
    let statements = try plan.statements(rows: rows)
    let written = statements.isEmpty ? [] : try tx.pipeline(statements)
    let patched = plan.patchedSections
    var digests: [String: String] = [:]
    for (section, result) in zip(patched, written.suffix(patched.count)) {
      digests[section.id] = try result.single().decode("digest")
    }
    return digests
  }

  /// Records the snapshot, with the nodes it brings, and moves the head to it.
  private static func recordPatch(
    _ plan: HeadPatchPlan, digests: [String: String], chain: (bytes: Int, length: Int),
    owner id: String, in tx: PostgresTransaction
  ) throws {
    let screen = Snapshot.homeScreen
    let patch = plan.patch
    let newSections = plan.newSections(digests: digests)
    var recorded: [PostgresQuery] = [
      snapshotInsertion(
        owner: id, screen: screen, label: nil, reason: patch.reason,
        digest: patch.documentDigest(newSections.map { ($0.id, $0.digest) }),
        base: plan.state.latest, body: plan.body(digests: digests), nodes: nil,
        chainBytes: chain.bytes, chainLength: chain.length, summary: plan.summary),
      """
      UPDATE feed_heads SET top = \(patch.top),
        sections = \(PostgresJSONB(headSectionsJSON(newSections))),
        sequence = (SELECT last_snapshot_sequence FROM owners WHERE id = \(id))
      WHERE owner_id = \(id) AND screen = \(screen)
      """,
    ]
    if let insertion = insertion(of: try nodes(plan.addedDigests, from: patch.nodes)) {
      recorded.insert(insertion, at: 0)
    }
    _ = try tx.pipeline(recorded)
  }
}
