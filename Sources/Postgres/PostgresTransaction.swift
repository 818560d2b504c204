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
  /// Runs a script of several statements without parameters inside the transaction.
  public func executeScript(_ sql: String) throws {
    try handle.executeScript(sql)
  }
}
