import AccountModel
import Dispatch
import Postgres

// Snapshots of many owners at once — `snapshot --all`, and a write that changed more than one
// owner — in a fixed number of statements per batch instead of several per owner: the batch's
// feed rows and every latest chain in one pipelined read, then every new item node, every
// snapshot row and every sequence bump in one statement each (`SnapshotStep`).
// What is stored for each owner is exactly what `storeSnapshot` would store.

extension AccountStore {
  /// How many owners `takeSnapshotOfEveryOwner` snapshots per transaction by default, and how
  /// many a many-owner write renders and stores per step (so a write of 100,000 owners never
  /// holds every feed in memory at once).
  public static let snapshotBatchSize = 500

  /// Stores every owner's current feed as a snapshot (always, as `takeSnapshot` does),
  /// `batchSize` owners per transaction in id order, each batch locking its owners in byte
  /// order first, and returns how many it took. A batch's feeds are rendered on every core
  /// (`render` runs concurrently), and `progress` hears of each snapshot once its batch has
  /// committed. A failure rolls back only the batch it happened in and throws how far
  /// the run got; owners added meanwhile after the run's position are included, owners removed
  /// meanwhile are passed over.
  ///
  /// With `alongside` (a store on another connection), two batches are at work at
  /// once, one on each connection: while the server stores one, the other is read and drawn.
  /// Batches still commit one after another in order (see `SnapshotRun`), so what a run keeps
  /// and what `progress` hears are exactly what one connection would give.
  @discardableResult
  public func takeSnapshotOfEveryOwner(
    batchSize: Int = snapshotBatchSize,
    alongside other: AccountStore? = nil,
    render: @Sendable (FeedRows) throws -> SnapshotContent,
    progress: (SnapshotInfo) -> Void = { _ in }
  ) throws(SnapshotRunError) -> Int {
    let run = SnapshotRun()
    // Two workers on one connection could deadlock: one waiting for its turn inside a
    // transaction, the other waiting for the connection to start the batch before it.
    let stores = [self] + (other.flatMap { $0.connection === connection ? nil : [$0] } ?? [])
    withoutActuallyEscaping(progress) { progress in
      // `progress` is called only by `SnapshotRun.didCommit`, under the run's lock, so never
      // by two workers at once.
      nonisolated(unsafe) let progress = progress
      DispatchQueue.concurrentPerform(iterations: stores.count) { worker in
        stores[worker].takeSnapshotBatches(
          of: run, batchSize: max(batchSize, 1), render: render, progress: progress)
      }
    }
    return try run.outcome()
  }

  /// One worker of a run: claims batches and stores them on this store's connection until the
  /// run is over or stopping.
  private func takeSnapshotBatches(
    of run: SnapshotRun, batchSize: Int, render: @Sendable (FeedRows) throws -> SnapshotContent,
    progress: (SnapshotInfo) -> Void
  ) {
    while let (batch, page) = run.claim(
      limit: batchSize, page: { try ownerPage(after: $0, limit: $1) })
    {
      var failed: String?
      do {
        let infos = try retryingTransientFailures {
          try connection.transaction { tx in
            try Self.storeSnapshots(
              of: try Self.lockExistingOwners(page, in: tx), recordingUnchanged: true, in: tx,
              beforeWriting: { try run.waitForTurn(batch) }
            ) { rows in
              var contents: [SnapshotContent] = []
              contents.reserveCapacity(rows.count)
              let outcomes = rows.concurrentMap { try Self.renderNext($0, render: render) }
              for (row, content) in zip(rows, outcomes) {
                do {
                  contents.append(try content.get())
                } catch {
                  failed = row.owner.id
                  throw error
                }
              }
              return contents
            }
          }
        }
        run.didCommit(batch, infos, progress: progress)
      } catch {
        // A batch that gave way to an earlier failure is recorded too; the earliest is kept.
        run.didFail(
          batch,
          SnapshotRunError(
            taken: 0, batch: page.first.flatMap { first in page.last.map { first...$0 } },
            owner: failed, reason: error))
        return
      }
    }
  }

  /// The ids of up to `limit` owners after `after`, in the order of the owners' primary key.
  private func ownerPage(after: String?, limit: Int) throws -> [String] {
    let rows =
      if let after {
        try connection.query(
          "SELECT id FROM owners WHERE id > \(after) ORDER BY id LIMIT \(Int64(limit))")
      } else {
        try connection.query("SELECT id FROM owners ORDER BY id LIMIT \(Int64(limit))")
      }
    return try rows.map { try $0.decode("id", as: String.self) }
  }

  /// Renders the next snapshot of each of `owners` (which the caller has locked in `tx`) and
  /// stores it — always when `recordingUnchanged`, otherwise only when its digest differs from
  /// the owner's latest snapshot of the screen, as a write decides — in steps of `stepSize`
  /// owners (`snapshotBatchSize` unless a test asks for smaller ones). Returns what it stored,
  /// in the owners' order.
  static func storeSnapshots(
    of owners: [String], recordingUnchanged: Bool, in tx: PostgresTransaction,
    stepSize: Int = snapshotBatchSize, render: @Sendable (FeedRows) throws -> SnapshotContent
  ) throws -> [SnapshotInfo] {
    try storeSnapshots(
      of: owners, recordingUnchanged: recordingUnchanged, in: tx, stepSize: stepSize
    ) { rows in
      try rows.concurrentMap { try renderNext($0, render: render) }.map { try $0.get() }
    }
  }

  /// `storeSnapshots(of:recordingUnchanged:in:render:)`, with `renderAll` turning each step's
  /// rows into their next snapshots (see `renderNext`), in order.
  ///
  /// The steps overlap: one pipeline carries a step's writes and the next step's reads, and
  /// the server runs it while this process draws the step between them. Taking turns, each
  /// side idled while the other worked.
  static func storeSnapshots(
    of owners: [String], recordingUnchanged: Bool, in tx: PostgresTransaction,
    stepSize: Int = snapshotBatchSize, beforeWriting: () throws -> Void = {},
    renderingAll renderAll: ([FeedRows]) throws -> [SnapshotContent]
  ) throws -> [SnapshotInfo] {
    let steps = stride(from: owners.startIndex, to: owners.endIndex, by: stepSize).map {
      SnapshotStep(owners: owners[$0..<min($0 + stepSize, owners.endIndex)])
    }
    guard let first = steps.first else { return [] }
    var infos: [SnapshotInfo] = []
    infos.reserveCapacity(owners.count)
    var read = try tx.pipeline(first.reads)
    var waiting: SnapshotStep.Writes?
    var writing = false
    for (index, step) in steps.enumerated() {
      let ahead = index + 1 < steps.count ? steps[index + 1].reads : []
      let sending = waiting?.statements ?? []
      if !sending.isEmpty, !writing {
        try beforeWriting()
        writing = true
      }
      let (results, drawn) = try tx.pipeline(sending + ahead) {
        try step.draw(from: read, recordingUnchanged: recordingUnchanged, renderingAll: renderAll)
      }
      try waiting?.updateHeads(in: tx)
      read = Array(results.suffix(ahead.count))
      let writes = try drawn.writes(in: tx)
      infos += writes.infos
      waiting = writes
    }
    if let waiting, !waiting.statements.isEmpty {
      if !writing { try beforeWriting() }
      _ = try tx.pipeline(waiting.statements)
      try waiting.updateHeads(in: tx)
    }
    return infos
  }

  /// The statements that insert a batch's new item nodes and its snapshot rows and bump its
  /// owners' sequences: a fixed number however many owners, each carrying its rows as arrays
  /// (`unnest`), so they can share a pipeline where `COPY` could not.
  static func batchWrites(
    of recorded: [SnapshotStep.Drawn.Recorded], infos: [SnapshotInfo], nodes: [String: String]
  ) -> [PostgresQuery] {
    var arrays = SnapshotBatchArrays()
    for (item, info) in zip(recorded, infos) {
      arrays.append(
        content: item.entry.content, info: info, record: item.record, summary: item.summary)
    }
    return (insertion(of: nodes).map { [$0] } ?? []) + [
      """
      INSERT INTO feed_snapshots (owner_id, sequence, label, reason, digest, screen,
        base_sequence, body, nodes, chain_bytes, chain_length, added, changed, removed, moved)
      SELECT * FROM unnest(\(arrays.owner), \(arrays.sequence), \(arrays.label),
        \(arrays.reason), \(arrays.digest), \(arrays.screen), \(arrays.baseSequence),
        \(arrays.body), \(arrays.nodes), \(arrays.chainBytes), \(arrays.chainLength),
        \(arrays.added), \(arrays.changed), \(arrays.removed), \(arrays.moved))
      """,
      """
      UPDATE owners SET last_snapshot_sequence = bumped.sequence
      FROM unnest(\(arrays.owner), \(arrays.sequence)) AS bumped (id, sequence)
      WHERE owners.id = bumped.id
      """,
    ]
  }

  /// Refuses a label one of the owners already has on a snapshot, naming the owner, before any
  /// row is written (labels are unique per owner).
  static func requireFreeLabels(
    _ labels: [(owner: String, label: String?)], in tx: PostgresTransaction
  ) throws {
    let wanted = labels.compactMap { entry in entry.label.map { (entry.owner, $0) } }
    if wanted.isEmpty { return }
    var pairs = "{"
    for (index, (owner, label)) in wanted.enumerated() {
      if index > 0 { pairs += "," }
      pairs += SnapshotBody.quoted(owner) + ":" + SnapshotBody.quoted(label)
    }
    let taken = Set(
      try tx.query(
        """
        SELECT owner_id FROM feed_snapshots
        WHERE (owner_id, label) IN (SELECT key, value FROM jsonb_each_text(\(PostgresJSONB(pairs + "}"))))
        """
      ).map { try $0.decode("owner_id", as: String.self) })
    if let (owner, label) = wanted.first(where: { taken.contains($0.0) }) {
      throw AccountStoreError.alreadyExists("a snapshot labelled '\(label)' of owner '\(owner)'")
    }
  }
}
