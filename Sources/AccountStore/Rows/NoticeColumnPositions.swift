import Postgres

/// Where a notice's columns (`SQLFragment.noticeColumns`, or the notice part of the feed read) stand in a
/// result (see `AccountColumnPositions`).
struct NoticeColumnPositions: ColumnPositions {
  let id: Int
  let ownerID: Int
  let message: Int
  let severity: Int
  let dismissible: Int
  let activeFrom: Int
  let activeUntil: Int
  let position: Int
  let dismissedAt: Int
  let version: Int
  let createdAt: Int
  let updatedAt: Int

  init(_ columns: [PostgresColumn]) throws {
    func index(_ name: String) throws -> Int { try PostgresRows.index(ofColumn: name, in: columns) }
    id = try index("id")
    ownerID = try index("owner_id")
    message = try index("message")
    severity = try index("severity")
    dismissible = try index("dismissible")
    activeFrom = try index("active_from")
    activeUntil = try index("active_until")
    position = try index("position")
    dismissedAt = try index("dismissed_at")
    version = try index("version")
    createdAt = try index("created_at")
    updatedAt = try index("updated_at")
  }
}
