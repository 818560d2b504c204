import AccountModel
import Foundation
import Postgres

// Writes that cost what they changed (SQL/008). The latest feed of a large screen is kept as
// rows — its sections in `feed_heads`, their items in `feed_head_items` — so a write that leaves
// every account where it stands draws only the items it changed (a `SnapshotPatcher`), updates
// those rows, lets the database hash each patched section over its rows, and stores a delta
// that names the items by id. Nothing of the feed's length is read into this process, rendered
// or parsed; what is left in proportion to it is one aggregate over the rows it already has
// (a section's digest and the balance sums), done by PostgreSQL.
//
// A head is a cache: it is used only while it is the screen's latest snapshot as drawn by the
// same layout, and any write that renders the whole feed brings it up to date (or drops it,
// for a feed too small to be worth one). Every check is made before the first row is written,
// so a patch that cannot be made leaves the write to the whole-feed path.

extension AccountStore {
  /// Feeds with fewer items keep no head: drawing them whole costs less than the queries a
  /// patch makes.
  static let smallestHeadedFeed = 200

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
  /// nothing.
  static func patchSnapshot(
    owner id: String, results: [StoreChangeResult], patcher: any SnapshotPatcher,
    in tx: PostgresTransaction
  ) throws -> Bool {
    let screen = Snapshot.homeScreen
    guard
      let state = try tx.query(
        """
        SELECT h.sequence AS head_sequence, h.renderer, h.top, h.sections::text AS sections,
          h.checkpoint_bytes, s.sequence, s.digest, s.chain_bytes, s.chain_length
        FROM feed_heads h JOIN LATERAL (
          SELECT sequence, digest, chain_bytes, chain_length FROM feed_snapshots
          WHERE owner_id = h.owner_id AND screen = h.screen ORDER BY sequence DESC LIMIT 1) s ON true
        WHERE h.owner_id = \(id) AND h.screen = \(screen)
        """
      ).first
    else { return false }
    let latest: Int64 = try state.decode("sequence")
    guard try state.decode("head_sequence", as: Int64.self) == latest,
      try state.decode("renderer", as: String.self) == patcher.fingerprint
    else { return false }
    let head = FeedHead(
      top: try state.decode("top"), sections: try headSections(try state.decode("sections")))
    guard
      let patch = try patcher.patch(
        try readChangedRows(owner: id, results: results, in: tx), over: head)
    else { return false }

    // The head's rows the patch needs: those of the replaced items, and every row of the
    // sections it drew whole (small ones), to write the delta against.
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
    var headDigests: [String: String] = [:]
    var redrawnItems: [String: [StoredItem]] = [:]
    for row in try tx.query(
      """
      SELECT section_id, item_id, digest FROM feed_head_items
      WHERE owner_id = \(id) AND screen = \(screen)
        AND (item_id IN (SELECT jsonb_array_elements_text(\(jsonList(sectionOfReplaced.keys.sorted()))))
          OR section_id IN (SELECT jsonb_array_elements_text(\(jsonList(redrawnIDs)))))
      ORDER BY section_id, ord
      """)
    {
      let sectionID: String = try row.decode("section_id")
      let item = StoredItem(id: try row.decode("item_id"), digest: try row.decode("digest"))
      if let wanted = sectionOfReplaced[item.id] {
        guard wanted == sectionID else { return false }
        headDigests[item.id] = item.digest
      } else {
        redrawnItems[sectionID, default: []].append(item)
      }
    }
    guard headDigests.count == sectionOfReplaced.count else { return false }
    let redrawnBase = redrawnIDs.compactMap { sectionID in
      headByID[sectionID].map {
        StoredSection(
          id: $0.id, shell: $0.shell, digest: $0.digest, items: redrawnItems[sectionID] ?? [])
      }
    }
    var baseByID: [String: StoredSection] = [:]
    for section in redrawnBase { baseByID[section.id] = section }

    // The new sections: drawn whole, or kept with the items that really changed replaced and
    // their digest taken over the head's rows by the database.
    var entries: [SnapshotBody.Entry] = []
    var digests: [(id: String, digest: String)] = []
    var redrawn: [StoredSection] = []
    var changedItems: [StoredItem] = []
    var newSections: [HeadSection] = []
    for section in patch.sections {
      switch section {
      case .whole(let section):
        entries.append(.section(section, against: baseByID[section.id]))
        digests.append((section.id, section.digest))
        redrawn.append(section)
        newSections.append(
          HeadSection(id: section.id, shell: section.shell, digest: section.digest))
      case .kept(let sectionID, let items):
        let kept = headByID[sectionID]!
        let changed = items.filter { headDigests[$0.id] != $0.digest }
        guard !changed.isEmpty else {
          entries.append(.unchanged(id: sectionID))
          digests.append((sectionID, kept.digest))
          newSections.append(kept)
          continue
        }
        let digest = try patchedDigest(
          of: kept, replacing: changed, frame: try patch.digestFrame(kept), owner: id,
          screen: screen, in: tx)
        entries.append(.replacing(id: sectionID, digest: digest, items: changed))
        digests.append((sectionID, digest))
        changedItems += changed
        newSections.append(HeadSection(id: sectionID, shell: kept.shell, digest: digest))
      }
    }
    let documentDigest = patch.documentDigest(digests)
    if documentDigest == (try state.decode("digest", as: String.self)) { return true }

    let body = SnapshotBody.encode(top: patch.top == head.top ? nil : patch.top, entries: entries)
    let chainBytes = try state.decode("chain_bytes", as: Int.self) + body.utf8.count
    let chainLength = try state.decode("chain_length", as: Int.self) + 1
    guard
      chainBytes
        <= max(try state.decode("checkpoint_bytes", as: Int.self), smallestChainBudget),
      chainLength <= longestChain
    else { return false }

    var newDigests = Set(changedItems.map(\.digest))
    let baseRedrawnDigests = Set(redrawnBase.flatMap { $0.items.map(\.digest) })
    for section in redrawn {
      for item in section.items where !baseRedrawnDigests.contains(item.digest) {
        newDigests.insert(item.digest)
      }
    }
    try insertNodes(newDigests, from: patch.nodes, in: tx)
    var summary = patch.summarize(redrawnBase, redrawn)
    summary.changed += changedItems.count
    let info = try insertSnapshot(
      owner: id, screen: screen, label: nil, reason: patch.reason, digest: documentDigest,
      base: latest, body: body, chainBytes: chainBytes, chainLength: chainLength,
      summary: summary, in: tx)

    try tx.execute(
      """
      UPDATE feed_heads SET sequence = \(info.sequence), top = \(patch.top),
        sections = \(PostgresJSONB(headSectionsJSON(newSections)))
      WHERE owner_id = \(id) AND screen = \(screen)
      """)
    try updateHeadItems(
      owner: id, screen: screen, digests: changedItems, dropping: redrawnIDs,
      adding: redrawn, in: tx)
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
    let itemCount = feed.sections.reduce(0) { $0 + $1.items.count }
    guard let renderer = content.renderer, itemCount >= smallestHeadedFeed,
      feed.sections.allSatisfy({
        !needsEscaping($0.id) && $0.items.allSatisfy { !needsEscaping($0.id) }
      })
    else {
      if head != nil {
        try tx.execute("DELETE FROM feed_heads WHERE owner_id = \(id) AND screen = \(screen)")
      }
      return
    }
    try tx.execute(
      """
      INSERT INTO feed_heads (owner_id, screen, sequence, renderer, top, sections, checkpoint_bytes)
      VALUES (\(id), \(screen), \(sequence), \(renderer), \(feed.top),
        \(PostgresJSONB(headSectionsJSON(feed.sections.map { HeadSection(id: $0.id, shell: $0.shell, digest: $0.digest) }))),
        \(Int64(checkpointBytes)))
      ON CONFLICT (owner_id, screen) DO UPDATE SET sequence = excluded.sequence,
        renderer = excluded.renderer, top = excluded.top, sections = excluded.sections,
        checkpoint_bytes = excluded.checkpoint_bytes
      """)
    guard let base, let head, head.sequence == base.sequence, head.renderer == renderer else {
      if head != nil {
        try tx.execute(
          "DELETE FROM feed_head_items WHERE owner_id = \(id) AND screen = \(screen)")
      }
      try updateHeadItems(
        owner: id, screen: screen, digests: [], dropping: [], adding: feed.sections, in: tx)
      return
    }
    var old: [String: StoredSection] = [:]
    for section in base.feed.sections { old[section.id] = section }
    var changed: [StoredItem] = []
    var dropping: [String] = []
    var adding: [StoredSection] = []
    for section in feed.sections {
      guard let previous = old.removeValue(forKey: section.id) else {
        adding.append(section)
        continue
      }
      if previous.items.count == section.items.count,
        zip(previous.items, section.items).allSatisfy({ $0.id == $1.id })
      {
        for (before, after) in zip(previous.items, section.items) where before != after {
          changed.append(after)
        }
      } else {
        dropping.append(section.id)
        adding.append(section)
      }
    }
    dropping += old.keys.sorted()
    try updateHeadItems(
      owner: id, screen: screen, digests: changed, dropping: dropping, adding: adding, in: tx)
  }

  // MARK: Steps

  /// The rows an in-place write is drawn from (see `ChangedRows`).
  private static func readChangedRows(
    owner id: String, results: [StoreChangeResult], in tx: PostgresTransaction
  ) throws -> ChangedRows {
    let ownerRow = try tx.query(
      "SELECT \(unsafe: Columns.owner), now() AS read_at FROM owners WHERE id = \(id)"
    ).single()
    let notices = try tx.query(
      """
      SELECT \(unsafe: Columns.notice) FROM notices WHERE owner_id = \(id)
      ORDER BY \(unsafe: Columns.displayOrder)
      """
    ).map(Notice.init)
    let sums = try tx.query(
      """
      SELECT currency, hidden, sum(balance_minor)::text AS sum FROM accounts
      WHERE owner_id = \(id) GROUP BY currency, hidden ORDER BY currency, hidden
      """
    ).map { row in
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
      notices: notices, sums: sums, readAt: try ownerRow.decode("read_at"))
  }

  /// The digest of a kept section with `items` replaced, hashed by the database over the head's
  /// rows in order: `prefix`, each item as `["id","digest"]` joined by commas, `suffix` — the
  /// canonical JSON the section digest covers, since a headed feed's ids need no escaping.
  private static func patchedDigest(
    of section: HeadSection, replacing items: [StoredItem],
    frame: (prefix: String, suffix: String), owner id: String, screen: String,
    in tx: PostgresTransaction
  ) throws -> String {
    try tx.query(
      """
      SELECT encode(sha256(convert_to(\(frame.prefix)
        || coalesce(string_agg('["' || i.item_id || '","' || coalesce(n.value, i.digest) || '"]',
          ',' ORDER BY i.ord), '')
        || \(frame.suffix), 'UTF8')), 'hex') AS digest
      FROM feed_head_items i LEFT JOIN jsonb_each_text(\(PostgresJSONB(digestMap(items)))) n
        ON n.key = i.item_id
      WHERE i.owner_id = \(id) AND i.screen = \(screen) AND i.section_id = \(section.id)
      """
    ).single().decode("digest")
  }

  /// Writes the head's item rows: new digests for items that kept their place, then the
  /// sections `dropping` removed and `adding` written whole.
  private static func updateHeadItems(
    owner id: String, screen: String, digests changed: [StoredItem], dropping: [String],
    adding: [StoredSection], in tx: PostgresTransaction
  ) throws {
    if !changed.isEmpty {
      try tx.execute(
        """
        UPDATE feed_head_items h SET digest = n.value
        FROM jsonb_each_text(\(PostgresJSONB(digestMap(changed)))) n
        WHERE h.owner_id = \(id) AND h.screen = \(screen) AND h.item_id = n.key
        """)
    }
    if !dropping.isEmpty {
      try tx.execute(
        """
        DELETE FROM feed_head_items WHERE owner_id = \(id) AND screen = \(screen)
          AND section_id IN (SELECT jsonb_array_elements_text(\(jsonList(dropping))))
        """)
    }
    var rows = "["
    var empty = true
    for section in adding {
      let sectionID = SnapshotBody.quoted(section.id)
      for (ord, item) in section.items.enumerated() {
        if !empty { rows += "," }
        empty = false
        rows += "[" + sectionID + ",\(ord)," + SnapshotBody.quoted(item.id) + ","
        rows += SnapshotBody.quoted(item.digest) + "]"
      }
    }
    if empty { return }
    try tx.execute(
      """
      INSERT INTO feed_head_items (owner_id, screen, section_id, ord, item_id, digest)
      SELECT \(id), \(screen), row ->> 0, (row ->> 1)::integer, row ->> 2, row ->> 3
      FROM jsonb_array_elements(\(PostgresJSONB(rows + "]"))) AS row
      """)
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

  private static func digestMap(_ items: [StoredItem]) -> String {
    "{"
      + items.map { SnapshotBody.quoted($0.id) + ":" + SnapshotBody.quoted($0.digest) }.joined(
        separator: ",") + "}"
  }

  private static func jsonList(_ texts: [String]) -> PostgresJSONB {
    PostgresJSONB("[" + texts.map(SnapshotBody.quoted).joined(separator: ",") + "]")
  }

  /// Whether canonical JSON would escape something in `text`: a head's ids are hashed by the
  /// database as written, so a feed with such an id keeps no head.
  private static func needsEscaping(_ text: String) -> Bool {
    text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
  }
}
