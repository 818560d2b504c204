import Postgres

/// The rows of one screen's head (`SQL/008`, `SQL/016`): `feed_head_items` says where each item
/// stands — its section, its place there and so its chunk of `chunkSize` consecutive items — and
/// with which digest; `feed_head_chunks` keeps each chunk's digest, which the database computes
/// from the chunk's item rows whenever one of them is written, and hashes a long section from.
/// A changed item rewrites its own row and its chunk's 64-digit digest, never the chunk's other
/// pairs: a one-item write's WAL does not grow with the feed (`WALPerWriteTests`).
///
/// It builds statements rather than running them, so a write sends the ones that do not depend
/// on each other in one pipeline. Every statement finds its rows through a key, so a write
/// touches the rows of the items it changed and not one more — item rows one id at a time, in
/// a lateral subquery kept apart by `OFFSET 0`: given a list to match (`item_id = ANY(…)`) or
/// a join to make, the planner may read the whole head instead, and does while the table's
/// statistics are those of an empty one (`HeadLookupTests`).
struct FeedHeadRows {
  /// Items per chunk: the chunk size of a section digest (`SectionNode.digestChunkSize`, which
  /// this module cannot see; the patched-write tests fail if the two differ, and `SQL/016`
  /// checks every row's chunk against it), so a changed item hashes one chunk of about 22 KB,
  /// and a section of 100,000 items is hashed from its 391 chunk digests.
  static let chunkSize = 256

  let owner: String
  let screen: String

  /// Where an item of the head stands and the digest it has there.
  struct Place {
    var sectionID: String
    var chunk: Int
    var digest: String
  }

  /// The places of the items with these ids that the head has (read with `places(in:)`).
  func places(of ids: [String]) -> PostgresQuery {
    """
    SELECT head.item_id, head.section_id, head.chunk, head.digest
    FROM jsonb_array_elements_text(\(Self.list(ids))) AS wanted (item_id)
    CROSS JOIN LATERAL (
      SELECT item_id, section_id, chunk, digest FROM feed_head_items
      WHERE owner_id = \(owner) AND screen = \(screen) AND item_id = wanted.item_id
      OFFSET 0) AS head
    """
  }

  static func places(in rows: PostgresRows) throws -> [String: Place] {
    var places: [String: Place] = [:]
    for row in rows {
      places[try row.decode("item_id")] = Place(
        sectionID: try row.decode("section_id"), chunk: try row.decode("chunk", as: Int.self),
        digest: try row.decode("digest"))
    }
    return places
  }

  /// The items of these sections in order (for the small sections a patch draws whole; read
  /// with `items(in:)`).
  func items(of sectionIDs: [String]) -> PostgresQuery {
    """
    SELECT section_id, item_id, digest FROM feed_head_items
    WHERE owner_id = \(owner) AND screen = \(screen)
      AND section_id = ANY(ARRAY(SELECT jsonb_array_elements_text(\(Self.list(sectionIDs)))))
    ORDER BY section_id, position
    """
  }

  static func items(in rows: PostgresRows) throws -> [String: [StoredItem]] {
    var items: [String: [StoredItem]] = [:]
    for row in rows {
      items[try row.decode("section_id"), default: []].append(
        StoredItem(id: try row.decode("item_id"), digest: try row.decode("digest")))
    }
    return items
  }

  /// Gives items that kept their place new digests: their rows, then their chunks' digests.
  func replacing(_ items: [StoredItem], at places: [String: Place]) -> [PostgresQuery] {
    if items.isEmpty { return [] }
    var digests: [String: String] = [:]
    for item in items { digests[item.id] = item.digest }
    var statements: [PostgresQuery] = [
      """
      UPDATE feed_head_items SET digest = \(Self.object(digests)) ->> item_id
      WHERE ctid = ANY(ARRAY(
        SELECT head.ctid FROM jsonb_object_keys(\(Self.object(digests))) AS wanted (item_id)
        CROSS JOIN LATERAL (
          SELECT ctid FROM feed_head_items
          WHERE owner_id = \(owner) AND screen = \(screen) AND item_id = wanted.item_id
          OFFSET 0) AS head))
      """
    ]
    var chunks: [String: Set<Int>] = [:]
    for item in items {
      guard let place = places[item.id] else { continue }
      chunks[place.sectionID, default: []].insert(place.chunk)
    }
    for (sectionID, numbers) in chunks.sorted(by: { $0.key < $1.key }) {
      for chunk in numbers.sorted() {
        statements.append(
          """
          UPDATE feed_head_chunks SET digest = (
            SELECT \(sql: Self.chunkDigest) FROM feed_head_items
            WHERE owner_id = \(owner) AND screen = \(screen) AND section_id = \(sectionID)
              AND chunk = \(Int64(chunk)))
          WHERE owner_id = \(owner) AND screen = \(screen) AND section_id = \(sectionID)
            AND chunk = \(Int64(chunk))
          """)
      }
    }
    return statements
  }

  /// Removes every row of these sections, whose items are `items`: rows are found by key,
  /// since a section a patch draws whole is small and the planner cannot know which are.
  func dropping(_ sectionIDs: [String], items: [StoredItem]) -> [PostgresQuery] {
    if sectionIDs.isEmpty { return [] }
    var statements: [PostgresQuery] = []
    if !items.isEmpty {
      statements.append(
        """
        DELETE FROM feed_head_items WHERE ctid = ANY(ARRAY(
          SELECT head.ctid FROM jsonb_array_elements_text(\(Self.list(items.map(\.id))))
            AS wanted (item_id)
          CROSS JOIN LATERAL (
            SELECT ctid FROM feed_head_items
            WHERE owner_id = \(owner) AND screen = \(screen) AND item_id = wanted.item_id
            OFFSET 0) AS head))
        """)
    }
    statements.append(
      """
      DELETE FROM feed_head_chunks WHERE owner_id = \(owner) AND screen = \(screen)
        AND section_id = ANY(ARRAY(SELECT jsonb_array_elements_text(\(Self.list(sectionIDs)))))
      """)
    return statements
  }

  /// Removes every row of the head.
  var droppingAll: [PostgresQuery] {
    [
      "DELETE FROM feed_head_items WHERE owner_id = \(owner) AND screen = \(screen)",
      "DELETE FROM feed_head_chunks WHERE owner_id = \(owner) AND screen = \(screen)",
    ]
  }

  /// Writes these sections whole: an item row each, then their chunks' digests from those rows.
  func adding(_ sections: [StoredSection]) -> [PostgresQuery] {
    var items = "["
    for section in sections {
      let sectionID = SnapshotBody.quoted(section.id)
      for (position, item) in section.items.enumerated() {
        if items.utf8.count > 1 { items += "," }
        items += "[" + sectionID + ",\(position / Self.chunkSize),\(position),"
        items += SnapshotBody.quoted(item.id) + "," + SnapshotBody.quoted(item.digest) + "]"
      }
    }
    if items.utf8.count == 1 { return [] }
    return [
      """
      INSERT INTO feed_head_items (owner_id, screen, section_id, chunk, position, item_id, digest)
      SELECT \(owner), \(screen), row ->> 0, (row ->> 1)::integer, (row ->> 2)::integer,
        row ->> 3, row ->> 4
      FROM jsonb_array_elements(\(PostgresJSONB(items + "]"))) AS row
      """,
      chunks(of: sections),
    ]
  }

  /// Writes these sections whole with `COPY`, an item row each, then their chunks' digests
  /// from those rows: for a head written from nothing, where a long feed's hundred thousand
  /// rows would otherwise be decoded from one JSON parameter.
  func copy(_ sections: [StoredSection], in tx: PostgresTransaction) throws {
    var items = PostgresCopyRows()
    for section in sections {
      for (position, item) in section.items.enumerated() {
        items.append(owner)
        items.append(screen)
        items.append(section.id)
        items.append(position / Self.chunkSize)
        items.append(position)
        items.append(item.id)
        items.append(item.digest)
        items.endRow()
      }
    }
    if items.count == 0 { return }
    try tx.copy(
      into: "feed_head_items",
      columns: ["owner_id", "screen", "section_id", "chunk", "position", "item_id", "digest"],
      rows: items)
    try tx.execute(chunks(of: sections))
  }

  /// Writes the chunks of these sections, whose item rows are written: each chunk's digest
  /// computed from its rows.
  private func chunks(of sections: [StoredSection]) -> PostgresQuery {
    """
    INSERT INTO feed_head_chunks (owner_id, screen, section_id, chunk, digest)
    SELECT owner_id, screen, section_id, chunk, \(sql: Self.chunkDigest) FROM feed_head_items
    WHERE owner_id = \(owner) AND screen = \(screen)
      AND section_id = ANY(ARRAY(SELECT jsonb_array_elements_text(
        \(Self.list(sections.filter { !$0.items.isEmpty }.map(\.id))))))
    GROUP BY owner_id, screen, section_id, chunk
    """
  }

  /// A chunk's digest, over the rows of its items (`feed_head_items`, found by their chunk): the
  /// SHA-256 of the canonical JSON of its `["id","digest"]` pairs in order, as `SQL/012` first
  /// hashed them from the stored list. `textsend` gives the text's bytes as they are: on a
  /// UTF-8 database, the only kind whose heads a write patches (it checks), the bytes the
  /// renderer hashes.
  static let chunkDigest = SQLFragment(
    "encode(sha256(textsend('[' || ", pairs, " || ']')), 'hex')")

  /// The items' `["id","digest"]` pairs in order, joined by commas: the canonical JSON of each
  /// pair as written, since a headed feed's ids need no escaping (`needsEscaping`).
  static let pairs: SQLFragment =
    "string_agg('[\"' || item_id || '\",\"' || digest || '\"]', ',' ORDER BY position)"

  /// The section's digest, hashed by the database over its chunks: `frame.prefix`, the items'
  /// entries, `frame.suffix` — the canonical JSON the section digest covers, as the database's
  /// UTF-8 bytes (`textsend`, which copies them as they are; the caller has made sure the
  /// database's encoding is UTF-8). The entries are a section's one chunk of `["id","digest"]`
  /// pairs while it has one, and the chunks' digests once it has more: `chunkSize` is the
  /// section digest's chunk size, so a changed item costs one chunk's hash. The pairs are read
  /// from the item rows only while the section has one chunk (the subquery runs only when the
  /// `CASE` asks for it).
  func digest(of sectionID: String, frame: (prefix: String, suffix: String)) -> PostgresQuery {
    """
    SELECT encode(sha256(textsend(\(frame.prefix) || CASE WHEN count(*) > 1
        THEN string_agg('"' || digest || '"', ',' ORDER BY chunk)
        ELSE coalesce((
          SELECT \(sql: Self.pairs) FROM feed_head_items
          WHERE owner_id = \(owner) AND screen = \(screen) AND section_id = \(sectionID)
            AND chunk = 0), '') END
      || \(frame.suffix))), 'hex') AS digest
    FROM feed_head_chunks
    WHERE owner_id = \(owner) AND screen = \(screen) AND section_id = \(sectionID)
    """
  }

  /// Whether canonical JSON would escape something in `text`: a head's pairs are hashed as
  /// plain text (`pairs`), so a feed with such an id keeps no head.
  static func needsEscaping(_ text: String) -> Bool {
    text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
  }

  static func list(_ texts: [String]) -> PostgresJSONB {
    PostgresJSONB("[" + texts.map(SnapshotBody.quoted).joined(separator: ",") + "]")
  }

  private static func object(_ values: [String: String]) -> PostgresJSONB {
    PostgresJSONB(
      "{"
        + values.sorted { $0.key < $1.key }.map {
          SnapshotBody.quoted($0.key) + ":" + SnapshotBody.quoted($0.value)
        }.joined(separator: ",") + "}")
  }
}
