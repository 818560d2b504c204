import Postgres

// Item nodes by content (`feed_items`): what a snapshot must add, and adding it — one owner's
// in one statement, a whole batch's in two that can join a pipeline (`nodesInsertion`).

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

  /// The statements that insert many `nodes` at once — a batch of snapshots — with the ones
  /// stored already left out by a look in the same statement, not by `ON CONFLICT`, whose
  /// bookkeeping cost several times the row itself. In digest order, as arrays; none when
  /// there are no nodes.
  ///
  /// The look and the insert are not atomic: a writer that stores the same node in between
  /// makes the insert fail on the primary key once it commits. That is rare (nodes are mostly
  /// one owner's own) and harmless — the whole transaction is tried again
  /// (`PostgresError.isRetryable`), and then finds the node stored. A prune's collection in
  /// between would be worse — it could delete a node the look found, which the batch then
  /// refers to — so the look first takes the lock every writer of `feed_items` holds, which
  /// the collection waits for (and which waits for a collection under way).
  static func nodesInsertion(_ nodes: [String: String]) -> [PostgresQuery] {
    if nodes.isEmpty { return [] }
    var digests = PostgresArray<String>()
    var texts = PostgresArray<String>()
    for (digest, node) in nodes.sorted(by: { $0.key < $1.key }) {
      digests.append(digest)
      texts.append(node)
    }
    return [
      "LOCK TABLE feed_items IN ROW EXCLUSIVE MODE",
      """
      INSERT INTO feed_items (digest, node)
      SELECT new.digest, new.node FROM unnest(\(digests), \(texts)) AS new (digest, node)
      WHERE NOT EXISTS (SELECT FROM feed_items WHERE feed_items.digest = new.digest)
      """,
    ]
  }
}
