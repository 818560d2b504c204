import Foundation
import Postgres

/// The rows of one screen's head (`SQL/008`): `feed_head_items` says where each item stands and
/// with which digest, `feed_head_chunks` holds each section's `["id","digest"]` list in chunks
/// of `chunkSize` consecutive items with each chunk's digest, which is what the database hashes
/// a section from.
///
/// It builds statements rather than running them, so a write sends the ones that do not depend
/// on each other in one pipeline. Every statement finds its rows through a key, so a write
/// touches the rows of the items it changed and not one more — item rows one id at a time, in
/// a lateral subquery kept apart by `OFFSET 0`: given a list to match (`item_id = ANY(…)`) or
/// a join to make, the planner may read the whole head instead, and does while the table's
/// statistics are those of an empty one (`HeadLookupTests`).
struct FeedHeadRows {
  /// Items per chunk: the chunk size of a section digest (`SectionNode.digestChunkSize`, which
  /// this module cannot see; the patched-write tests fail if the two differ), so a changed item
  /// rewrites and hashes one chunk of about 22 KB, and a section of 100,000 items is hashed from
  /// its 391 chunk digests.
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
    SELECT section_id, '[' || refs || ']' AS refs FROM feed_head_chunks
    WHERE owner_id = \(owner) AND screen = \(screen)
      AND section_id = ANY(ARRAY(SELECT jsonb_array_elements_text(\(Self.list(sectionIDs)))))
    ORDER BY section_id, chunk
    """
  }

  static func items(in rows: PostgresRows) throws -> [String: [StoredItem]] {
    var items: [String: [StoredItem]] = [:]
    for row in rows {
      let text: String = try row.decode("refs")
      guard
        let pairs = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String]],
        pairs.allSatisfy({ $0.count == 2 })
      else { throw AccountStoreError.invalid(field: "feed head", reason: "a chunk is damaged") }
      items[try row.decode("section_id"), default: []] += pairs.map {
        StoredItem(id: $0[0], digest: $0[1])
      }
    }
    return items
  }

  /// Gives items that kept their place new digests: their rows, and their pairs in the chunks.
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
    for item in items {
      guard let place = places[item.id] else { continue }
      statements.append(
        """
        UPDATE feed_head_chunks SET refs = replace(refs, \(Self.pair(item.id, place.digest)),
          \(Self.pair(item.id, item.digest)))
        WHERE owner_id = \(owner) AND screen = \(screen) AND section_id = \(place.sectionID)
          AND chunk = \(Int64(place.chunk))
        """)
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

  /// Writes these sections whole: an item row each and their chunks.
  func adding(_ sections: [StoredSection]) -> [PostgresQuery] {
    var items = "["
    var chunks = "["
    for section in sections {
      let sectionID = SnapshotBody.quoted(section.id)
      for start in stride(from: 0, to: section.items.count, by: Self.chunkSize) {
        let chunk = start / Self.chunkSize
        var refs = ""
        for item in section.items[start..<min(start + Self.chunkSize, section.items.count)] {
          if items.utf8.count > 1 { items += "," }
          items += "[" + sectionID + ",\(chunk)," + SnapshotBody.quoted(item.id) + ","
          items += SnapshotBody.quoted(item.digest) + "]"
          if !refs.isEmpty { refs += "," }
          refs += Self.pair(item.id, item.digest)
        }
        if chunks.utf8.count > 1 { chunks += "," }
        chunks += "[" + sectionID + ",\(chunk)," + SnapshotBody.quoted(refs) + "]"
      }
    }
    if chunks.utf8.count == 1 { return [] }
    return [
      """
      INSERT INTO feed_head_items (owner_id, screen, section_id, chunk, item_id, digest)
      SELECT \(owner), \(screen), row ->> 0, (row ->> 1)::integer, row ->> 2, row ->> 3
      FROM jsonb_array_elements(\(PostgresJSONB(items + "]"))) AS row
      """,
      """
      INSERT INTO feed_head_chunks (owner_id, screen, section_id, chunk, refs)
      SELECT \(owner), \(screen), row ->> 0, (row ->> 1)::integer, row ->> 2
      FROM jsonb_array_elements(\(PostgresJSONB(chunks + "]"))) AS row
      """,
    ]
  }

  /// Writes these sections whole with `COPY`, an item row each and their chunks: for a head
  /// written from nothing, where a long feed's hundred thousand rows would otherwise be decoded
  /// from one JSON parameter.
  func copy(_ sections: [StoredSection], in tx: PostgresTransaction) throws {
    var items = PostgresCopyRows()
    var chunks = PostgresCopyRows()
    for section in sections {
      for start in stride(from: 0, to: section.items.count, by: Self.chunkSize) {
        let chunk = start / Self.chunkSize
        var refs = ""
        for item in section.items[start..<min(start + Self.chunkSize, section.items.count)] {
          items.append(owner)
          items.append(screen)
          items.append(section.id)
          items.append(chunk)
          items.append(item.id)
          items.append(item.digest)
          items.endRow()
          if !refs.isEmpty { refs += "," }
          refs += Self.pair(item.id, item.digest)
        }
        chunks.append(owner)
        chunks.append(screen)
        chunks.append(section.id)
        chunks.append(chunk)
        chunks.append(refs)
        chunks.endRow()
      }
    }
    if chunks.count == 0 { return }
    try tx.copy(
      into: "feed_head_items",
      columns: ["owner_id", "screen", "section_id", "chunk", "item_id", "digest"], rows: items)
    try tx.copy(
      into: "feed_head_chunks", columns: ["owner_id", "screen", "section_id", "chunk", "refs"],
      rows: chunks)
  }

  /// The section's digest, hashed by the database over its chunks: `frame.prefix`, the items'
  /// entries, `frame.suffix` — the canonical JSON the section digest covers, as the database's
  /// UTF-8 bytes (`textsend`, which copies them as they are; the caller has made sure the
  /// database's encoding is UTF-8). The entries are a section's one chunk of `["id","digest"]`
  /// pairs while it has one, and the chunks' digests (which `SQL/012` keeps) once it has more:
  /// `chunkSize` is the section digest's chunk size, so a changed item costs one chunk's hash.
  /// Only the first chunk's pairs are ever read, and only while it is the only one.
  func digest(of sectionID: String, frame: (prefix: String, suffix: String)) -> PostgresQuery {
    """
    SELECT encode(sha256(textsend(\(frame.prefix) || CASE WHEN count(*) > 1
        THEN string_agg('"' || digest || '"', ',' ORDER BY chunk)
        ELSE coalesce(string_agg(refs, ',') FILTER (WHERE chunk = 0), '') END
      || \(frame.suffix))), 'hex') AS digest
    FROM feed_head_chunks
    WHERE owner_id = \(owner) AND screen = \(screen) AND section_id = \(sectionID)
    """
  }

  /// An item as a section digest lists it. The ids of a headed feed need no escaping (see
  /// `needsEscaping`), so this is the canonical JSON of `[id, digest]`.
  static func pair(_ id: String, _ digest: String) -> String {
    "[\"" + id + "\",\"" + digest + "\"]"
  }

  /// Whether canonical JSON would escape something in `text`: a head's pairs are written and
  /// hashed as plain text, so a feed with such an id keeps no head.
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
