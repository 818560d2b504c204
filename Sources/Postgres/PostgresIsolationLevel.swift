/// Transaction isolation, as in `BEGIN ISOLATION LEVEL …`.
public enum PostgresIsolationLevel: String, Sendable {
  case readCommitted = "READ COMMITTED"
  /// One snapshot for the whole transaction: what a consistent multi-table read needs.
  case repeatableRead = "REPEATABLE READ"
  case serializable = "SERIALIZABLE"
}
