import Postgres

/// The person a feed belongs to.
public struct Owner: Hashable, Sendable {
  /// A short handle such as `demo`: lowercase letters, digits, `_` and `-`, at most 64.
  public var id: String
  public var displayName: String
  public var createdAt: PostgresTimestamp

  public init(id: String, displayName: String, createdAt: PostgresTimestamp) {
    self.id = id
    self.displayName = displayName
    self.createdAt = createdAt
  }
}
