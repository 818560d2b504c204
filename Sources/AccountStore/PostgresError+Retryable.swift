import Postgres

extension PostgresError {
  /// Whether running the whole transaction again may succeed: a serialization failure or a
  /// deadlock (`isTransient`), or another writer storing an item node this one was inserting
  /// (`nodesInsertion` looks, then inserts; the next attempt finds the node stored).
  var isRetryable: Bool {
    isTransient
      || (sqlState == Code.uniqueViolation && constraint == AccountStore.itemNodeKey)
  }
}

extension AccountStore {
  /// The primary key of `feed_items`, which only a node inserted concurrently can break.
  static let itemNodeKey = "feed_items_pkey"
}
