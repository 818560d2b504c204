import Postgres

// Item nodes by content (`feed_items`): what a snapshot must add, and adding it — of one owner's
// snapshot or of a whole batch's — in one statement.

extension AccountStore {
  /// The nodes of `content`'s items that are not in `known` (the items its base already showed,
  /// so already stored), by digest.
  static func newNodes(of content: SnapshotContent, except known: Set<String>) throws
    -> [String: String]
  {
    let needed = content.feed.itemDigests.subtracting(known)
    if needed.isEmpty { return [:] }
    return try nodes(needed, from: content.nodes(needed))
  }

  /// The nodes of `digests` out of `nodes`, each of which the renderer must have drawn.
  static func nodes(_ digests: Set<String>, from nodes: [String: String]) throws
    -> [String: String]
  {
    var found: [String: String] = [:]
    for digest in digests.sorted() {
      guard let node = nodes[digest] else {
        throw AccountStoreError.invalid(
          field: "snapshot", reason: "the item with digest \(digest) comes without its node")
      }
      found[digest] = node
    }
    return found
  }

  /// Inserts `nodes` (digest → node JSON text) in one statement; a node already stored is left
  /// as it is.
  static func insertNodes(_ nodes: [String: String], in tx: PostgresTransaction) throws {
    if let query = insertion(of: nodes) { try tx.execute(query) }
  }

  /// The statement that inserts `nodes`, in digest order so two writers never wait on each
  /// other's keys in opposite orders; nil when there are none. Each node travels as a JSON
  /// string and is stored as the compact text it is.
  static func insertion(of nodes: [String: String]) -> PostgresQuery? {
    if nodes.isEmpty { return nil }
    var object = JSONTextBuffer()
    object.raw("{")
    for (index, node) in nodes.sorted(by: { $0.key < $1.key }).enumerated() {
      if index > 0 { object.raw(",") }
      object.string(node.key)
      object.raw(":")
      object.string(node.value)
    }
    object.raw("}")
    return """
      INSERT INTO feed_items (digest, node)
      SELECT key, value FROM jsonb_each_text(\(PostgresJSONB(object.text)))
      ON CONFLICT (digest) DO NOTHING
      """
  }

  /// Inserts many `nodes` at once — a batch of snapshots — through `COPY` into a session-local
  /// staging table and one `INSERT … ON CONFLICT` from it in digest order: the rows cost no
  /// JSON decoding, and a node another writer stored meanwhile is still left as it is.
  static func copyNodes(_ nodes: [String: String], in tx: PostgresTransaction) throws {
    if nodes.isEmpty { return }
    var rows = PostgresCopyRows()
    for (digest, node) in nodes {
      rows.append(digest)
      rows.append(node)
      rows.endRow()
    }
    try tx.executeScript(
      """
      CREATE TEMPORARY TABLE IF NOT EXISTS incoming_feed_items (digest text, node text)
        ON COMMIT DELETE ROWS;
      TRUNCATE incoming_feed_items
      """)
    try tx.copy(into: "incoming_feed_items", columns: ["digest", "node"], rows: rows)
    try tx.execute(
      """
      INSERT INTO feed_items (digest, node)
      SELECT digest, node FROM incoming_feed_items ORDER BY digest
      ON CONFLICT (digest) DO NOTHING
      """)
  }
}
