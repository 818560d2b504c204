/// A column of a result: its name and the type the server reported.
public struct PostgresColumn: Sendable, Equatable {
  public var name: String
  public var type: PostgresDataType
}

/// The complete result of one statement. It keeps libpq's result, which outlives the
/// connection's next use and can be handed across tasks (see `PostgresResult`).
public struct PostgresRows: Sendable, RandomAccessCollection {
  let result: PostgresResult

  init(_ result: PostgresResult) {
    self.result = result
  }

  public var columns: [PostgresColumn] { result.columns }
  /// Rows inserted, updated or deleted, as the server's command tag reports them.
  public var affectedRows: Int { result.affectedRows }

  public var startIndex: Int { 0 }
  public var endIndex: Int { result.columns.isEmpty ? 0 : result.rowCount }

  public subscript(position: Int) -> PostgresRow {
    precondition(indices.contains(position), "row \(position) of a result of \(count)")
    return PostgresRow(result: result, row: position)
  }

  /// The position of the named column, for a caller that decodes it from many rows: finding a
  /// column by name costs more than decoding its value, so a loop over rows finds it once.
  public func index(ofColumn name: String) throws -> Int {
    try Self.index(ofColumn: name, in: columns)
  }

  /// The position of the named column among `columns`; an error names the columns there are.
  public static func index(ofColumn name: String, in columns: [PostgresColumn]) throws -> Int {
    // Comparing lengths first keeps most of the names that differ from a full comparison.
    let length = name.utf8.count
    guard
      let index = columns.firstIndex(where: { $0.name.utf8.count == length && $0.name == name })
    else {
      let names = columns.map(\.name).joined(separator: ", ")
      throw PostgresError(kind: .decoding, message: "no column \"\(name)\" in result (\(names))")
    }
    return index
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
  @usableFromInline let result: PostgresResult
  @usableFromInline let row: Int

  init(result: PostgresResult, row: Int) {
    self.result = result
    self.row = row
  }

  public var columns: [PostgresColumn] { result.columns }

  /// Decodes the named column. A NULL decodes only into an optional; a column type the Swift
  /// type does not accept is an error naming the column and both types.
  public func decode<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
    try decode(at: PostgresRows.index(ofColumn: column, in: columns), as: type)
  }

  /// Decodes the column at a zero-based position.
  ///
  /// Inlinable, so a caller decoding a known type gets code for that type: a store decodes
  /// every value of every row it reads through here, and the generic path looked the type's
  /// conformance up for each one.
  @inlinable
  public func decode<T: PostgresDecodable>(at index: Int, as type: T.Type = T.self) throws -> T {
    let columns = result.columns
    guard columns.indices.contains(index) else {
      throw Self.noColumn(at: index, count: columns.count)
    }
    do throws(PostgresDecodingFailure) {
      // The cell's bytes are libpq's, alive as long as `result`, which this row holds.
      return try withExtendedLifetime(result) { () throws(PostgresDecodingFailure) -> T in
        guard let bytes = result.cell(row: row, column: index) else { return try T.postgresNull() }
        return try T(postgresBytes: bytes, type: columns[index].type)
      }
    } catch {
      throw Self.decodingError(error, column: columns[index], as: T.self)
    }
  }

  @usableFromInline
  static func noColumn(at index: Int, count: Int) -> PostgresError {
    PostgresError(
      kind: .decoding, message: "no column at index \(index) (result has \(count))")
  }

  /// The error for a value that did not decode, naming the column and both types.
  @usableFromInline
  static func decodingError(
    _ failure: PostgresDecodingFailure, column: PostgresColumn, as type: Any.Type
  ) -> PostgresError {
    let message: String
    switch failure {
    case .typeMismatch:
      message = "column \"\(column.name)\" is \(column.type), which does not decode as \(type)"
    case .unexpectedNull:
      message = "column \"\(column.name)\" is NULL, but \(type) is not optional"
    case .malformed(let what):
      message = "column \"\(column.name)\": malformed \(what) for \(type)"
    }
    return PostgresError(kind: .decoding, message: message, column: column.name)
  }
}
