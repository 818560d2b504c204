import AccountModel
import FeedVocabulary
import Postgres

extension SQLFragment {
  /// The columns `Notice(row:)` reads.
  static let noticeColumns: SQLFragment = """
    id, owner_id, message, severity, dismissible, active_from, active_until, position, \
    dismissed_at, version, created_at, updated_at
    """
}

extension Notice {
  init(row: PostgresRow) throws {
    try self.init(row: row, columns: NoticeColumnPositions(row))
  }

  /// A notice from a row whose columns were found once for the whole result.
  init(row: PostgresRow, columns: NoticeColumnPositions) throws {
    let severity: String = try row.decode(at: columns.severity)
    self.init(
      id: try row.decode(at: columns.id), ownerID: try row.decode(at: columns.ownerID),
      message: try row.decode(at: columns.message),
      severity: NoticeSeverity(rawValue: severity) ?? .info,
      dismissible: try row.decode(at: columns.dismissible),
      activeFrom: try row.decode(at: columns.activeFrom),
      activeUntil: try row.decode(at: columns.activeUntil),
      position: try row.decode(at: columns.position),
      dismissedAt: try row.decode(at: columns.dismissedAt),
      version: try row.decode(at: columns.version),
      createdAt: try row.decode(at: columns.createdAt),
      updatedAt: try row.decode(at: columns.updatedAt))
  }
}
