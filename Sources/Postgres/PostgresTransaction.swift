/// The statements of one open transaction.
///
/// Handed to the body of `PostgresConnection.transaction`, which holds the connection's lock for
/// the body's whole run, so no other task's statement can land inside the transaction. It is not
/// `Sendable` and must not escape the body.
public struct PostgresTransaction: PostgresQueryable {
  let handle: ConnectionHandle

  public func query(_ query: PostgresQuery) throws -> PostgresRows {
    try handle.execute(query)
  }

  public func pipeline(_ queries: [PostgresQuery]) throws -> [PostgresRows] {
    try handle.pipeline(queries)
  }
}

extension PostgresTransaction {
  /// Moves `rows` into `table` with `COPY … FROM STDIN` and returns how many were stored: the
  /// bulk path for thousands of rows, far cheaper for the server than the same rows decoded
  /// from a parameter. COPY cannot join a pipeline, so it is a round trip of its own.
  @discardableResult
  public func copy(into table: String, columns: [String], rows: PostgresCopyRows) throws -> Int {
    try handle.copy(into: table, columns: columns, rows: rows)
  }

  /// Runs a script of several statements without parameters inside the transaction.
  public func executeScript(_ sql: String) throws {
    try handle.executeScript(sql)
  }
}
