import Postgres

/// Where an account's columns (`SQLFragment.accountColumns`, or the account part of the feed read) stand
/// in a result: looking a column up by name costs more than decoding it, so a result of many
/// rows looks each one up once.
struct AccountColumnPositions: ColumnPositions {
  let id: Int
  let ownerID: Int
  let name: Int
  let kind: Int
  let balanceMinor: Int
  let currency: Int
  let position: Int
  let hidden: Int
  let version: Int
  let createdAt: Int
  let updatedAt: Int

  init(_ columns: [PostgresColumn]) throws {
    func index(_ name: String) throws -> Int { try PostgresRows.index(ofColumn: name, in: columns) }
    id = try index("id")
    ownerID = try index("owner_id")
    name = try index("name")
    kind = try index("kind")
    balanceMinor = try index("balance_minor")
    currency = try index("currency")
    position = try index("position")
    hidden = try index("hidden")
    version = try index("version")
    createdAt = try index("created_at")
    updatedAt = try index("updated_at")
  }
}
