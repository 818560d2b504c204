/// Something statements can run on: a connection, or a transaction borrowed from one.
///
/// Store code is written against this protocol so the same function works alone or as one step
/// of a larger transaction.
public protocol PostgresQueryable {
  /// Runs one parameterised statement and returns its whole result.
  func query(_ query: PostgresQuery) throws -> PostgresRows
  /// Sends all statements before reading any result (libpq pipeline mode) and returns their
  /// results in order; throws the first statement error. All or nothing: outside a transaction
  /// the pipeline runs in one of its own.
  func pipeline(_ queries: [PostgresQuery]) throws -> [PostgresRows]
}

extension PostgresQueryable {
  /// Runs a statement for its effect and returns the number of rows it touched.
  @discardableResult
  public func execute(_ query: PostgresQuery) throws -> Int {
    try self.query(query).affectedRows
  }
}
