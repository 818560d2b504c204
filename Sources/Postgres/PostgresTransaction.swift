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
  /// Sends `queries` as one pipeline and runs `work` while the server runs them, then reads
  /// their results: the client's work and the server's overlap instead of taking turns. `work`
  /// cannot use the transaction (the connection is busy until the results are read); what it
  /// throws is thrown after them, and a failed statement is thrown first, since it came first.
  public func pipeline<T>(_ queries: [PostgresQuery], overlapping work: () throws -> T) throws -> (
    results: [PostgresRows], work: T
  ) {
    var outcome: Result<T, any Error>?
    let meanwhile = { outcome = Result { try work() } }
    let results = try withoutActuallyEscaping(meanwhile) { meanwhile in
      try handle.pipeline(queries, meanwhile: meanwhile)
    }
    // An empty pipeline sends nothing and never calls `meanwhile`.
    let value = try (outcome ?? Result { try work() }).get()
    return (results, value)
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
