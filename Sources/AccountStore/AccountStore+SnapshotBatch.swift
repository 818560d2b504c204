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
    var columns = SnapshotColumns()
    for (item, info) in zip(recorded, infos) {
      columns.append(
        content: item.entry.content, info: info, record: item.record, summary: item.summary)
    }
    return (insertion(of: nodes).map { [$0] } ?? []) + [
      """
      INSERT INTO feed_snapshots (owner_id, sequence, label, reason, digest, screen,
        base_sequence, body, nodes, chain_bytes, chain_length, added, changed, removed, moved)
      SELECT * FROM unnest(\(columns.owner), \(columns.sequence), \(columns.label),
        \(columns.reason), \(columns.digest), \(columns.screen), \(columns.baseSequence),
        \(columns.body), \(columns.nodes), \(columns.chainBytes), \(columns.chainLength),
        \(columns.added), \(columns.changed), \(columns.removed), \(columns.moved))
      """,
      """
      UPDATE owners SET last_snapshot_sequence = bumped.sequence
      FROM unnest(\(columns.owner), \(columns.sequence)) AS bumped (id, sequence)
      WHERE owners.id = bumped.id
      """,
    ]
  }

  // MARK: Reading a batch

  /// What `readFeedRows(owner:in:)` reads, for each of `owners`: the owners, their accounts and
  /// their notices, in three statements that `feedRows(from:owners:)` reads the results of.
  /// Accounts and notices are matched with `= ANY(ARRAY(…))`, which PostgreSQL looks up in the
  /// display-order index in the index's order: matched with `IN (…)`, each owner was looked up
  /// in turn and the 5,000 rows of a 500-owner batch sorted again after, which took twice as
  /// long as finding them (10 ms against 3.3 ms a batch).
  static func feedRowsQueries(ofOwners owners: some Collection<String>) -> [PostgresQuery] {
    let list = jsonList(owners)
    return [
      """
      SELECT \(unsafe: Columns.owner), now() AS read_at FROM owners
      WHERE id IN (SELECT jsonb_array_elements_text(\(list)))
      """,
      ownersAccountsQuery(list: list),
      ownersRowsQuery(Columns.notice, from: "notices", list: list),
    ]
  }

  /// The accounts of the owners in `list` as `readFeedRows` reads one owner's: a row per owner
  /// with an array per column (`FeedAccountArrays`), the accounts aggregated in display order.
  /// A row per account cost libpq more to take apart than the rest of a batch's reading.
  static func ownersAccountsQuery(list: PostgresJSONB) -> PostgresQuery {
    ownersRowsQuery(
      Columns.accountWithPlacement, from: "accounts", list: list,
      aggregating: Columns.accountArrays)
  }

  /// The rows of every one of `owners` out of the results of `feedRowsQueries`, in the owners'
  /// order, accounts and notices in display order.
  static func feedRows(from results: ArraySlice<PostgresRows>, owners: some Collection<String>)
    throws -> [FeedRows]
  {
    let (ownerRows, accountRows, noticeRows) = (
      results[results.startIndex], results[results.startIndex + 1],
      results[results.startIndex + 2]
    )
    var accounts: [String: [Account]] = [:]
    let accountArrays = try FeedAccountArrays(accountRows)
    let accountOwner = try accountRows.index(ofColumn: "owner_id")
    for row in accountRows {
      let owner = try row.decode(at: accountOwner, as: String.self)
      accounts[owner] = try accountArrays.accounts(in: row, owner: owner)
    }
    var notices: [String: [Notice]] = [:]
    let noticeColumns = try NoticeColumns(noticeRows)
    for row in noticeRows {
      let notice = try Notice(row: row, columns: noticeColumns)
      notices[notice.ownerID, default: []].append(notice)
    }
    var rows: [String: FeedRows] = [:]
    for row in ownerRows {
      let owner = try Owner(row: row)
      rows[owner.id] = FeedRows(
        owner: owner, accounts: accounts[owner.id] ?? [], notices: notices[owner.id] ?? [],
        readAt: try row.decode("read_at"))
    }
    return try owners.map { id in
      guard let found = rows[id] else { throw AccountStoreError.notFound("owner '\(id)'") }
      return found
    }
  }

  /// The `columns` of the rows of `table` (`accounts` or `notices`) that belong to the owners
  /// in `list`, by owner and in display order.
  ///
  /// The ids are also bounded by the list's least and greatest (taken by the server, in the
  /// column's own collation, so the bounds order as the index does). They match nothing more,
  /// but without them the planner expects the list to match a hundred rows, reads them through
  /// a bitmap and sorts them again (10.3 ms a 500-owner batch); bounded, it expects a narrow
  /// slice of the index and reads it in order (5.5 ms).
  ///
  /// With `aggregating`, the rows are aggregated by those columns' expressions, a row per owner.
  static func ownersRowsQuery(
    _ columns: String, from table: String, list: PostgresJSONB, aggregating arrays: String? = nil
  ) -> PostgresQuery {
    let (head, tail) =
      arrays.map { ("SELECT owner_id, \($0) FROM (", ") AS shown GROUP BY owner_id") } ?? ("", "")
    return """
      WITH wanted AS (SELECT jsonb_array_elements_text(\(list)) AS id)
      \(unsafe: head)SELECT \(unsafe: columns) FROM \(unsafe: table)
      WHERE owner_id = ANY(ARRAY(SELECT id FROM wanted))
        AND owner_id BETWEEN (SELECT min(id) FROM wanted) AND (SELECT max(id) FROM wanted)
      ORDER BY owner_id, \(unsafe: Columns.displayOrder)\(unsafe: tail)
      """
  }

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
