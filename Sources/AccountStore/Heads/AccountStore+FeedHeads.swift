import AccountModel
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

  /// The head's sections out of the JSON text `feed_heads.sections` holds, read with the
  /// store's own JSON reader.
  static func headSections(_ text: String) throws -> [HeadSection] {
    let damaged = AccountStoreError.invalid(field: "feed head", reason: "its sections are damaged")
    guard let values = BodyJSON.parse(text)?.array else { throw damaged }
    let objects = try values.map { value in
      guard let object = value.object, case let texts = object.compactMapValues(\.string),
        texts.count == object.count
      else { throw damaged }
      return texts
    }
    return try objects.map { object in
      guard let id = object["id"], let shell = object["shell"], let digest = object["digest"] else {
        throw AccountStoreError.invalid(field: "feed head", reason: "a section lacks a field")
      }
      return HeadSection(id: id, shell: shell, digest: digest)
    }
  }

  /// The JSON text `feed_heads.sections` holds for `sections`.
  static func headSectionsJSON(_ sections: [HeadSection]) -> String {
    "["
      + sections.map {
        "{\"id\":" + SnapshotBody.quoted($0.id) + ",\"shell\":" + SnapshotBody.quoted($0.shell)
          + ",\"digest\":" + SnapshotBody.quoted($0.digest) + "}"
      }.joined(separator: ",") + "]"
  }
}
