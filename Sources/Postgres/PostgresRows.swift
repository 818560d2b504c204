/// A column of a result: its name and the type the server reported.
public struct PostgresColumn: Sendable, Equatable {
  public var name: String
  public var type: PostgresDataType
}

/// The complete result of one statement, copied out of libpq so it outlives the connection's
/// next use and can be handed across tasks.
///
/// Every value's bytes sit one after another in one buffer, so a result of many rows costs two
/// allocations rather than one per cell.
public struct PostgresRows: Sendable, RandomAccessCollection {
  public let columns: [PostgresColumn]
  /// The bytes of every non-NULL cell, row-major.
  let bytes: [UInt8]
  /// Two numbers per cell, row-major: where its bytes start in `bytes` and how many there
  /// are, or -1 for SQL NULL.
  let spans: [Int]
  /// Rows inserted, updated or deleted, as the server's command tag reports them.
  public let affectedRows: Int

  init(columns: [PostgresColumn], bytes: [UInt8], spans: [Int], affectedRows: Int) {
    self.columns = columns
    self.bytes = bytes
    self.spans = spans
    self.affectedRows = affectedRows
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { columns.isEmpty ? 0 : spans.count / (2 * columns.count) }

  public subscript(position: Int) -> PostgresRow {
    let start = position * columns.count * 2
    return PostgresRow(
      columns: columns, bytes: bytes, spans: spans[start..<start + columns.count * 2])
  }

  /// The single row of a result that must have exactly one, e.g. `INSERT … RETURNING`.
  public func single() throws -> PostgresRow {
    guard count == 1, let row = first else {
      throw PostgresError(kind: .client, message: "expected exactly one row, got \(count)")
    }
    return row
  }
}

/// One row of a result. Values decode by column name or position into any `PostgresDecodable`.
public struct PostgresRow: Sendable {
  public let columns: [PostgresColumn]
  let bytes: [UInt8]
  /// This row's part of `PostgresRows.spans`.
  let spans: ArraySlice<Int>

  /// Decodes the named column. A NULL decodes only into an optional; a column type the Swift
  /// type does not accept is an error naming the column and both types.
  public func decode<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
    // Comparing lengths first keeps most of the names that differ from a full comparison.
    let length = column.utf8.count
    guard
      let index = columns.firstIndex(where: { $0.name.utf8.count == length && $0.name == column })
    else {
      let names = columns.map(\.name).joined(separator: ", ")
      throw PostgresError(kind: .decoding, message: "no column \"\(column)\" in result (\(names))")
    }
    return try decode(at: index, as: type)
  }

  /// Decodes the column at a zero-based position.
  public func decode<T: PostgresDecodable>(at index: Int, as type: T.Type = T.self) throws -> T {
    guard columns.indices.contains(index) else {
      throw PostgresError(
        kind: .decoding, message: "no column at index \(index) (result has \(columns.count))")
    }
    let column = columns[index]
    do throws(PostgresDecodingFailure) {
      let start = spans[spans.startIndex + 2 * index]
      let count = spans[spans.startIndex + 2 * index + 1]
      guard count >= 0 else { return try T.postgresNull() }
      return try T(postgresBytes: bytes[start..<start + count], type: column.type)
    } catch {
      let message: String
      switch error {
      case .typeMismatch:
        message = "column \"\(column.name)\" is \(column.type), which does not decode as \(T.self)"
      case .unexpectedNull:
        message = "column \"\(column.name)\" is NULL, but \(T.self) is not optional"
      case .malformed(let what):
        message = "column \"\(column.name)\": malformed \(what) for \(T.self)"
      }
      throw PostgresError(kind: .decoding, message: message, column: column.name)
    }
  }
}
