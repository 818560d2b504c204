import Postgres

// Item nodes by content (`feed_items`): what a snapshot must add, and adding it — one owner's
// in one statement, a whole batch's copied in (`copyNodes`).

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

  /// The nodes of `digests` out of `nodes`, each of which the renderer must have drawn. Only a
  /// missing one sorts them, to name the first.
  static func nodes(_ digests: Set<String>, from nodes: [String: String]) throws
    -> [String: String]
  {
    var found: [String: String] = [:]
    found.reserveCapacity(digests.count)
    for digest in digests {
      if let node = nodes[digest] { found[digest] = node }
    }
    if found.count < digests.count,
      let missing = digests.sorted().first(where: { found[$0] == nil })
    {
      throw AccountStoreError.invalid(
        field: "snapshot", reason: "the item with digest \(missing) comes without its node")
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

  /// Inserts many `nodes` at once — a batch of snapshots — by copying the ones not stored yet
  /// straight into `feed_items` (`COPY`, in digest order): no statement or JSON to decode per
  /// row and no `ON CONFLICT` bookkeeping, which together cost several times the row itself.
  ///
  /// The look and the copy are not atomic: a writer that stores the same node in between makes
  /// the copy fail on the primary key once it commits. That is rare (nodes are mostly one
  /// owner's own) and harmless — the whole transaction is tried again
  /// (`PostgresError.isRetryable`), and then finds the node stored. A prune's collection in
  /// between would be worse — it could delete a node the look found, which the batch then
  /// refers to — so the look first takes the lock every writer of `feed_items` holds, which
  /// the collection waits for (and which waits for a collection under way).
  static func copyNodes(_ nodes: [String: String], in tx: PostgresTransaction) throws {
    if nodes.isEmpty { return }
    try tx.execute("LOCK TABLE feed_items IN ROW EXCLUSIVE MODE")
    let stored = Set(
      try tx.query(
        """
        SELECT digest FROM feed_items
        WHERE digest IN (SELECT jsonb_array_elements_text(\(jsonList(nodes.keys))))
        """
      ).map { try $0.decode("digest", as: String.self) })
    var rows = PostgresCopyRows()
    for (digest, node) in nodes.sorted(by: { $0.key < $1.key }) where !stored.contains(digest) {
      rows.append(digest)
      rows.append(node)
      rows.endRow()
    }
    if rows.count > 0 { try tx.copy(into: "feed_items", columns: ["digest", "node"], rows: rows) }
  }
}
