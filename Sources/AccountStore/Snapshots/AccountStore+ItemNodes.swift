import Postgres

// Item nodes by content (`feed_items`): what a snapshot must add, and adding it — one owner's
// in one statement, a whole batch's too (`insertion(of:)`).

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
    // What a renderer gives back as asked: exactly these digests, nothing to pick out.
    if nodes.count == digests.count, nodes.keys.allSatisfy(digests.contains) { return nodes }
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
  /// other's keys in opposite orders; nil when there are none. The digests and the nodes'
  /// compact texts travel as two arrays (`unnest`): no JSON to decode, and a batch's thousand
  /// nodes are one statement that can join a pipeline.
  ///
  /// A node already stored is left as it is, and one another writer is storing is waited for
  /// and then left (`ON CONFLICT DO NOTHING`). Its cost, about a fifth more than a plain insert,
  /// buys a plan that cannot go wrong: looking the nodes up with `NOT EXISTS` in the same
  /// statement, a plan made while `feed_items` was small scanned the table for every node,
  /// through the rows the statement had just inserted (133 s for a 100,000-item feed). The
  /// insert holds the lock every writer of `feed_items` holds until the transaction ends, so a
  /// prune's collection (which waits for it) never deletes a node the write refers to.
  static func insertion(of nodes: [String: String]) -> PostgresQuery? {
    if nodes.isEmpty { return nil }
    var digests = PostgresArray<String>()
    var texts = PostgresArray<String>()
    for (digest, node) in nodes.sorted(by: { $0.key < $1.key }) {
      digests.append(digest)
      texts.append(node)
    }
    return """
      INSERT INTO feed_items (digest, node)
      SELECT * FROM unnest(\(digests), \(texts))
      ON CONFLICT (digest) DO NOTHING
      """
  }
}
