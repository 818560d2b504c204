import Postgres

/// Where a record's columns stand in a result, looked up by name once: looking a column up by
/// name costs more than decoding its value, so a result of many rows is decoded by position.
protocol ColumnPositions {
  /// Finds every column the record needs among `columns`, or throws naming the one missing.
  init(_ columns: [PostgresColumn]) throws
}

extension ColumnPositions {
  /// The positions in `rows`, for decoding each of its rows.
  init(_ rows: PostgresRows) throws {
    try self.init(rows.columns)
  }

  /// The positions in the result `row` comes from.
  init(_ row: PostgresRow) throws {
    try self.init(row.columns)
  }
}
