/// A statement and its parameters.
///
/// Written as a string literal, every interpolated value becomes a `$n` placeholder and a bound
/// parameter, never SQL text:
///
///     let query: PostgresQuery = "SELECT name FROM accounts WHERE id = \(id)"
///     // sql: "SELECT name FROM accounts WHERE id = $1", one int8 parameter
///
/// There is deliberately no interpolation that splices raw text; identifiers that cannot be
/// parameters (channel names, database names) go through `PostgresConnection.quoteIdentifier`.
public struct PostgresQuery: Sendable, Equatable, ExpressibleByStringInterpolation {
  public var sql: String
  public var bindings: PostgresBindings

  /// A statement whose SQL is taken as written; parameters must be referenced as `$n`.
  public init(unsafeSQL sql: String, bindings: PostgresBindings = PostgresBindings()) {
    self.sql = sql
    self.bindings = bindings
  }

  public init(stringLiteral value: String) {
    self.init(unsafeSQL: value)
  }

  public init(stringInterpolation: StringInterpolation) {
    self.init(unsafeSQL: stringInterpolation.sql, bindings: stringInterpolation.bindings)
  }

  public struct StringInterpolation: StringInterpolationProtocol {
    var sql = ""
    var bindings = PostgresBindings()

    public init(literalCapacity: Int, interpolationCount: Int) {
      sql.reserveCapacity(literalCapacity + interpolationCount * 3)
    }

    public mutating func appendLiteral(_ literal: String) {
      sql += literal
    }

    public mutating func appendInterpolation<T: PostgresEncodable>(_ value: T) {
      bindings.append(value)
      sql += "$\(bindings.count)"
    }

    public mutating func appendInterpolation<T: PostgresEncodable>(_ value: T?) {
      bindings.append(value)
      sql += "$\(bindings.count)"
    }
  }
}
