import CPostgres

/// One libpq result, kept as libpq made it and freed when the last row reading it is gone.
///
/// Rows read their cells where libpq put them: copying a large result into Swift arrays first
/// doubled its memory for a moment and took a tenth of a 100,000-account `show`, and finding a
/// cell in the copy meant adding up the lengths of the cells before it. A complete `PGresult`
/// is never changed again (we use none of libpq's functions that modify one), and libpq
/// documents such a result as safe to read from any thread, so it is `Sendable`.
@usableFromInline
final class PostgresResult: @unchecked Sendable {
  private let result: OpaquePointer
  @usableFromInline let columns: [PostgresColumn]
  let rowCount: Int
  let affectedRows: Int

  /// Takes ownership of `result`, a successful one.
  init(_ result: OpaquePointer) {
    self.result = result
    columns = (0..<PQnfields(result)).map { column in
      PostgresColumn(
        name: String(cString: PQfname(result, column)),
        type: PostgresDataType(PQftype(result, column)))
    }
    rowCount = Int(PQntuples(result))
    affectedRows = Int(String(cString: PQcmdTuples(result))) ?? 0
  }

  deinit {
    PQclear(result)
  }

  /// The bytes of one cell, or nil for SQL NULL, valid while this result lives. A cell with
  /// any bytes cannot be NULL, so only an empty one is asked.
  @usableFromInline
  func cell(row: Int, column: Int) -> UnsafeRawBufferPointer? {
    let (row, column) = (Int32(row), Int32(column))
    let length = PQgetlength(result, row, column)
    if length == 0 && PQgetisnull(result, row, column) == 1 { return nil }
    return UnsafeRawBufferPointer(start: PQgetvalue(result, row, column), count: Int(length))
  }
}
