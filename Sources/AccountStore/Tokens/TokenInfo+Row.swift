import AccountModel
import Postgres

extension SQLFragment {
  /// The columns `TokenInfo(row:)` reads.
  static let tokenColumns: SQLFragment = "id, owner_id, label, created_at, revoked_at"
}

extension TokenInfo {
  init(row: PostgresRow) throws {
    self.init(
      id: try row.decode("id"), ownerID: try row.decode("owner_id"), label: try row.decode("label"),
      createdAt: try row.decode("created_at"), revokedAt: try row.decode("revoked_at"))
  }
}
