import CPostgres

/// Collects the rows of one statement's result out of libpq, one `PGresult` at a time, into
/// the single buffer `PostgresRows` keeps.
///
/// A result can arrive whole (one `PGresult` holding every row) or row by row (libpq's
/// single-row mode, one `PGresult` per row and a last, empty one carrying the command tag).
/// Row by row, each `PGresult` is freed as soon as its row is copied, so a large result is
/// never held twice — libpq's copy beside ours — as it is when it arrives whole: a `PGresult`
/// spends 16 bytes on every cell, NULLs included, before the value's own bytes.
struct PostgresRowsBuilder {
  private var columns: [PostgresColumn]?
  private var bytes: [UInt8] = []
  private var lengths: [Int32] = []
  private var rowStarts: [Int] = []
  private var affectedRows = 0

  /// Copies every row of `result`, which must be a successful one, and its command tag.
  mutating func append(_ result: OpaquePointer) {
    let columnCount = Int(PQnfields(result))
    if columns == nil {
      columns = (0..<columnCount).map { column in
        PostgresColumn(
          name: String(cString: PQfname(result, Int32(column))),
          type: PostgresDataType(PQftype(result, Int32(column))))
      }
    }
    let rowCount = Int(PQntuples(result))
    var total = 0
    // Reserving exactly is right for a whole result; row by row it would defeat the arrays'
    // doubling and copy them once per row.
    let whole = rowStarts.isEmpty && rowCount > 1
    if whole {
      lengths.reserveCapacity(rowCount * columnCount)
      rowStarts.reserveCapacity(rowCount)
    }
    for row in 0..<Int32(rowCount) {
      rowStarts.append(bytes.count + total)
      for column in 0..<Int32(columnCount) {
        if PQgetisnull(result, row, column) == 1 {
          lengths.append(-1)
        } else {
          let length = PQgetlength(result, row, column)
          lengths.append(length)
          total += Int(length)
        }
      }
    }
    if whole { bytes.reserveCapacity(total) }
    for row in 0..<Int32(rowCount) {
      for column in 0..<Int32(columnCount) where PQgetisnull(result, row, column) == 0 {
        let length = Int(PQgetlength(result, row, column))
        guard length > 0 else { continue }
        let value = UnsafeRawBufferPointer(start: PQgetvalue(result, row, column), count: length)
        bytes.append(contentsOf: value)
      }
    }
    if let tag = PQcmdTuples(result), let affected = Int(String(cString: tag)) {
      affectedRows = affected
    }
  }

  /// The rows collected so far, as one result.
  func build() -> PostgresRows {
    PostgresRows(
      columns: columns ?? [], bytes: bytes, lengths: lengths, rowStarts: rowStarts,
      affectedRows: affectedRows)
  }
}
