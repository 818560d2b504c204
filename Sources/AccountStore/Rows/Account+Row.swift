import AccountModel
import Postgres

extension SQLFragment {
  /// The columns `Account(row:)` reads.
  static let accountColumns: SQLFragment =
    "id, owner_id, name, kind, balance_minor, currency, position, hidden, version, created_at, updated_at"
}

extension Account {
  init(row: PostgresRow) throws {
    try self.init(row: row, columns: AccountColumnPositions(row))
  }

  /// An account from a row whose columns were found once for the whole result, as a result of
  /// many accounts reads them.
  init(row: PostgresRow, columns: AccountColumnPositions) throws {
    let code: String = try row.decode(at: columns.currency)
    guard let currency = Currency(code: code) else {
      throw AccountStoreError.invalid(
        field: "currency", reason: "stored code '\(code)' is not ISO 4217")
    }
    self.init(
      id: try row.decode(at: columns.id), ownerID: try row.decode(at: columns.ownerID),
      name: try row.decode(at: columns.name), kind: try row.decode(at: columns.kind),
      balance: Money(minorUnits: try row.decode(at: columns.balanceMinor), currency: currency),
      position: try row.decode(at: columns.position), hidden: try row.decode(at: columns.hidden),
      version: try row.decode(at: columns.version),
      createdAt: try row.decode(at: columns.createdAt),
      updatedAt: try row.decode(at: columns.updatedAt))
  }
}
