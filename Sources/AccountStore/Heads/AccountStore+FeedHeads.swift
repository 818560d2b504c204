import AccountModel
import Foundation
import Postgres

// Writes that cost what they changed (SQL/008). The latest feed of a large screen is kept as
// rows — its sections in `feed_heads`, their items in `feed_head_items` — so a write that leaves
// every account where it stands draws only the items it changed (a `SnapshotPatcher`), updates
// their rows (`FeedHeadRows`), lets the database hash each patched section from its chunks, and
// stores a delta that names the items by id. Totals come from `account_sums`, which triggers
// keep. Nothing of the feed's length is read into this process, drawn or parsed; what is left
// in proportion to it is hashing a patched section's chunk digests, one per 256 items, in
// PostgreSQL (SQL/012).
//
// A head is a cache: it is used only while it is the screen's latest snapshot as drawn by the
// same layout, and any write that renders the whole feed brings it up to date (or drops it,
// for a feed too small to be worth one). Every check is made before the first row is written,
// so a patch that cannot be made leaves the write to the whole-feed path.

extension AccountStore {
  /// Feeds with fewer items keep no head: drawing them whole costs less than the queries a
  /// patch makes.
  static let smallestHeadedFeed = 200

  /// The statement that marks a transaction's account writes as the store's, which `SQL/014`
  /// lets keep the heads: written once, for the store's writes and for a tool that must write
  /// as the store does (a benchmark's floor, a test telling a patched write from a whole one).
  public static let storeWriteMark = "SELECT set_config('accountfeed.writer', 'store', true)"

  /// Whether `change` leaves every account where it stands and shown or hidden as it was, so
  /// every account section keeps its items in their order and only the changed rows' items
  /// differ. Notices may change freely: their section is small and drawn whole.
  static func keepsPlaces(_ change: StoreChange) -> Bool {
    switch change {
    case .adjustBalance, .addNotice, .updateNotice, .dismissNotice, .removeNotice: true
    case .updateAccount(_, let update):
      update.position == nil && update.hidden == nil && update.kind == nil
    case .addOwner, .renameOwner, .removeOwner, .addAccount, .removeAccount: false
    }
  }

  /// Records the snapshot of a write to one owner by patching the home screen's head, and says
  /// whether it could; when it could not, nothing has been written and the caller draws the
  /// whole feed. As on the whole-feed path, a write that leaves the screen as it was records
  /// nothing. It takes four round trips whatever the feed's length: the reads, the places of
  /// the replaced items, the head's rows with the patched sections' digests, and the snapshot.
  static func patchSnapshot(
    owner id: String, results: [StoreChangeResult], patcher: any SnapshotPatcher,
    in tx: PostgresTransaction
  ) throws -> Bool {
    let screen = Snapshot.homeScreen
    let rows = FeedHeadRows(owner: id, screen: screen)
    let read = try tx.pipeline(
      [
        """
        SELECT h.sequence AS head_sequence, h.renderer, h.top, h.sections::text AS sections,
          h.checkpoint_bytes, s.sequence, s.chain_bytes, s.chain_length,
          current_setting('server_encoding') AS encoding
        FROM feed_heads h JOIN LATERAL (
          SELECT sequence, chain_bytes, chain_length FROM feed_snapshots
          WHERE owner_id = h.owner_id AND screen = h.screen ORDER BY sequence DESC LIMIT 1) s ON true
        WHERE h.owner_id = \(id) AND h.screen = \(screen)
        """
      ] + changedRowsQueries(owner: id))
    guard let state = read[0].first else { return false }
    let latest: Int64 = try state.decode("sequence")
    guard try state.decode("head_sequence", as: Int64.self) == latest,
      try state.decode("renderer", as: String.self) == patcher.fingerprint,
      try state.decode("encoding", as: String.self) == "UTF8"
    else { return false }
    let head = FeedHead(
      top: try state.decode("top"), sections: try headSections(try state.decode("sections")))
    guard
      let patch = try patcher.patch(
        try changedRows(from: Array(read[1...]), results: results), over: head)
    else { return false }

    // Every replaced item must stand in the head's section the patch names; the sections the
    // patch draws whole are written against the head's (small) sections they replace.
    var headByID: [String: HeadSection] = [:]
    for section in head.sections { headByID[section.id] = section }
    var keptIDs = Set<String>()
    var sectionOfReplaced: [String: String] = [:]
    for case .kept(let sectionID, let items) in patch.sections {
      guard headByID[sectionID] != nil else { return false }
      keptIDs.insert(sectionID)
      for item in items { sectionOfReplaced[item.id] = sectionID }
    }
    let redrawnIDs = head.sections.map(\.id).filter { !keptIDs.contains($0) }
    let found = try tx.pipeline([
      rows.places(of: sectionOfReplaced.keys.sorted()), rows.items(of: redrawnIDs),
    ])
    let places = try FeedHeadRows.places(in: found[0])
    guard places.count == sectionOfReplaced.count,
      places.allSatisfy({ sectionOfReplaced[$0.key] == $0.value.sectionID })
    else { return false }
    let redrawnItems = try FeedHeadRows.items(in: found[1])
    var base: [String: StoredSection] = [:]
    for sectionID in redrawnIDs {
      guard let section = headByID[sectionID] else { continue }
      base[sectionID] = StoredSection(
        id: sectionID, shell: section.shell, digest: section.digest,
        items: redrawnItems[sectionID] ?? [])
    }
    let redrawnBase = redrawnIDs.compactMap { base[$0] }
    var redrawn: [StoredSection] = []
    var changed: [String: [StoredItem]] = [:]
    for section in patch.sections {
      switch section {
      case .whole(let section): redrawn.append(section)
      case .kept(let sectionID, let items):
        let differing = items.filter { places[$0.id]?.digest != $0.digest }
        if !differing.isEmpty { changed[sectionID] = differing }
      }
    }
    if changed.isEmpty, redrawn.map(\.id) == redrawnBase.map(\.id),
      zip(redrawn, redrawnBase).allSatisfy({ $0.digest == $1.digest })
    {
      return true
    }

    // The chain's budget, checked before anything is written: a patched section's digest is
    // not known yet, but its length is.
    func body(digests: [String: String]) -> String {
      SnapshotBody.encode(
        top: patch.top == head.top ? nil : patch.top,
        entries: patch.sections.map { section in
          switch section {
          case .whole(let section): .section(section, against: base[section.id])
          case .kept(let sectionID, _):
            changed[sectionID].map {
              .replacing(
                id: sectionID, digest: digests[sectionID] ?? String(repeating: "0", count: 64),
                items: $0)
            } ?? .unchanged(id: sectionID)
          }
        })
    }
    let chainBytes = try state.decode("chain_bytes", as: Int.self) + body(digests: [:]).utf8.count
    let chainLength = try state.decode("chain_length", as: Int.self) + 1
    guard
      chainBytes
        <= max(try state.decode("checkpoint_bytes", as: Int.self), smallestChainBudget),
      chainLength <= longestChain
    else { return false }

    // The head's rows, then each patched section's digest hashed from them.
    let changedItems = changed.values.flatMap { $0 }
    let dropping = redrawnBase.filter { section in
      !redrawn.contains { $0.id == section.id && $0.digest == section.digest }
    }
    var statements = rows.replacing(changedItems, at: places)
    statements += rows.dropping(dropping.map(\.id), items: dropping.flatMap(\.items))
    statements += rows.adding(redrawn.filter { base[$0.id]?.digest != $0.digest })
    let patched = head.sections.filter { changed[$0.id] != nil }
    for section in patched {
      statements.append(rows.digest(of: section.id, frame: try patch.digestFrame(section)))
    }
    let written = statements.isEmpty ? [] : try tx.pipeline(statements)
    var digests: [String: String] = [:]
    for (section, result) in zip(patched, written.suffix(patched.count)) {
      digests[section.id] = try result.single().decode("digest")
    }
    let newSections = patch.sections.map { section in
      switch section {
      case .whole(let section):
        return HeadSection(id: section.id, shell: section.shell, digest: section.digest)
      case .kept(let sectionID, _):
        let kept = headByID[sectionID]!
        return HeadSection(
          id: sectionID, shell: kept.shell, digest: digests[sectionID] ?? kept.digest)
      }
    }

    // The snapshot, its new nodes, and the head moved to it.
    var summary = patch.summarize(redrawnBase, redrawn)
    summary.changed += changedItems.count
    var recorded: [PostgresQuery] = [
      snapshotInsertion(
        owner: id, screen: screen, label: nil, reason: patch.reason,
        digest: patch.documentDigest(newSections.map { ($0.id, $0.digest) }), base: latest,
        body: body(digests: digests), nodes: nil, chainBytes: chainBytes, chainLength: chainLength,
        summary: summary),
      """
      UPDATE feed_heads SET top = \(patch.top),
        sections = \(PostgresJSONB(headSectionsJSON(newSections))),
        sequence = (SELECT last_snapshot_sequence FROM owners WHERE id = \(id))
      WHERE owner_id = \(id) AND screen = \(screen)
      """,
    ]
    let known = Set(redrawnBase.flatMap { $0.items.map(\.digest) })
    let added = Set(changedItems.map(\.digest) + redrawn.flatMap { $0.items.map(\.digest) })
      .subtracting(known)
    if let insertion = insertion(of: try nodes(added, from: patch.nodes)) {
      recorded.insert(insertion, at: 0)
    }
    _ = try tx.pipeline(recorded)
    return true
  }

  /// Brings the screen's head up to the snapshot just stored from a whole feed: patched from
  /// `base` when the head was `base`'s (only the rows that differ are written), written anew
  /// otherwise, and dropped for a feed too small to keep one or drawn by an unnamed renderer.
  static func updateHead(
    owner id: String, content: SnapshotContent, sequence: Int64,
    base: (sequence: Int64, feed: StoredFeed)?, head: (sequence: Int64, renderer: String)?,
    checkpointBytes: Int, in tx: PostgresTransaction
  ) throws {
    let screen = content.screen
    let feed = content.feed
    guard let renderer = content.renderer, feed.itemCount >= smallestHeadedFeed,
      feed.sections.allSatisfy({ $0.items.allSatisfy { !FeedHeadRows.needsEscaping($0.id) } })
    else {
      if head != nil {
        try tx.execute("DELETE FROM feed_heads WHERE owner_id = \(id) AND screen = \(screen)")
      }
      return
    }
    let sections = feed.sections.map {
      HeadSection(id: $0.id, shell: $0.shell, digest: $0.digest)
    }
    try tx.execute(
      """
      INSERT INTO feed_heads (owner_id, screen, sequence, renderer, top, sections, checkpoint_bytes)
      VALUES (\(id), \(screen), \(sequence), \(renderer), \(feed.top),
        \(PostgresJSONB(headSectionsJSON(sections))), \(Int64(checkpointBytes)))
      ON CONFLICT (owner_id, screen) DO UPDATE SET sequence = excluded.sequence,
        renderer = excluded.renderer, top = excluded.top, sections = excluded.sections,
        checkpoint_bytes = excluded.checkpoint_bytes
      """)
    let rows = FeedHeadRows(owner: id, screen: screen)
    guard let base, let head, head.sequence == base.sequence, head.renderer == renderer else {
      if head != nil { _ = try tx.pipeline(rows.droppingAll) }
      try rows.copy(feed.sections, in: tx)
      return
    }
    var old: [String: StoredSection] = [:]
    for section in base.feed.sections { old[section.id] = section }
    var changed: [StoredItem] = []
    var places: [String: FeedHeadRows.Place] = [:]
    var dropping: [String] = []
    var adding: [StoredSection] = []
    for section in feed.sections {
      guard let previous = old.removeValue(forKey: section.id) else {
        adding.append(section)
        continue
      }
      let kept =
        previous.items.count == section.items.count
        && zip(previous.items, section.items).allSatisfy { $0.id == $1.id }
      let differing =
        kept ? section.items.indices.filter { previous.items[$0] != section.items[$0] } : []
      // A few changed items are rewritten where they stand; many, and the section is rewritten.
      if kept, differing.count <= FeedHeadRows.chunkSize / 4 {
        for index in differing {
          changed.append(section.items[index])
          places[section.items[index].id] = FeedHeadRows.Place(
            sectionID: section.id, chunk: index / FeedHeadRows.chunkSize,
            digest: previous.items[index].digest)
        }
      } else if previous != section {
        dropping.append(section.id)
        adding.append(section)
      }
    }
    dropping += old.keys.sorted()
    let dropped = dropping.flatMap { sectionID in
      base.feed.sections.first { $0.id == sectionID }?.items ?? []
    }
    let statements =
      rows.replacing(changed, at: places) + rows.dropping(dropping, items: dropped)
      + rows.adding(adding)
    if !statements.isEmpty { _ = try tx.pipeline(statements) }
  }

  /// The sequence and renderer of the screen's head, nil when it keeps none.
  static func head(owner id: String, screen: String, in tx: PostgresTransaction) throws -> (
    sequence: Int64, renderer: String
  )? {
    try tx.query(
      "SELECT sequence, renderer FROM feed_heads WHERE owner_id = \(id) AND screen = \(screen)"
    ).first.map { (try $0.decode("sequence"), try $0.decode("renderer")) }
  }

  // MARK: Steps

  /// What an in-place write is drawn from (see `ChangedRows`): the owner with the database's
  /// clock, every notice, and the sums — read with `changedRows(from:results:)`.
  private static func changedRowsQueries(owner id: String) -> [PostgresQuery] {
    [
      "SELECT \(sql: .ownerColumns), now() AS read_at FROM owners WHERE id = \(id)",
      """
      SELECT \(sql: .noticeColumns) FROM notices WHERE owner_id = \(id)
      ORDER BY \(sql: .displayOrder)
      """,
      """
      SELECT currency, hidden, balance::text AS sum FROM account_sums
      WHERE owner_id = \(id) AND accounts > 0 ORDER BY currency, hidden
      """,
    ]
  }

  /// The rows an in-place write is drawn from, with the accounts it changed as they are now.
  private static func changedRows(from read: [PostgresRows], results: [StoreChangeResult])
    throws -> ChangedRows
  {
    let ownerRow = try read[0].single()
    let sums = try read[2].map { row in
      let code: String = try row.decode("currency")
      guard let currency = Currency(code: code),
        let sum = Int128(try row.decode("sum", as: String.self))
      else {
        throw AccountStoreError.invalid(field: "currency", reason: "'\(code)' is not a currency")
      }
      return BalanceSum(currency: currency, hidden: try row.decode("hidden"), minorUnits: sum)
    }
    var accounts: [Int64: Account] = [:]
    var order: [Int64] = []
    for case .account(let account) in results {
      if accounts.updateValue(account, forKey: account.id) == nil { order.append(account.id) }
    }
    return ChangedRows(
      owner: try Owner(row: ownerRow), accounts: order.compactMap { accounts[$0] },
      notices: try read[1].map(Notice.init), sums: sums, readAt: try ownerRow.decode("read_at"))
  }

  private static func headSections(_ text: String) throws -> [HeadSection] {
    guard
      let values = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: String]]
    else { throw AccountStoreError.invalid(field: "feed head", reason: "its sections are damaged") }
    return try values.map { value in
      guard let id = value["id"], let shell = value["shell"], let digest = value["digest"] else {
        throw AccountStoreError.invalid(field: "feed head", reason: "a section lacks a field")
      }
      return HeadSection(id: id, shell: shell, digest: digest)
    }
  }

  private static func headSectionsJSON(_ sections: [HeadSection]) -> String {
    "["
      + sections.map {
        "{\"id\":" + SnapshotBody.quoted($0.id) + ",\"shell\":" + SnapshotBody.quoted($0.shell)
          + ",\"digest\":" + SnapshotBody.quoted($0.digest) + "}"
      }.joined(separator: ",") + "]"
  }
}
