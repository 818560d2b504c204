/// The parameters of one statement, in `$1, $2, …` order, already in wire form.
///
/// Encoding happens when a value is appended, so a query is plain data that is `Sendable` and
/// can be logged by its SQL alone.
public struct PostgresBindings: Sendable, Equatable {
  public struct Value: Sendable, Equatable {
    public var type: PostgresDataType
    public var format: PostgresFormat
    /// nil is SQL NULL.
    public var bytes: [UInt8]?
  }

  public private(set) var values: [Value] = []

  public init() {}

  public var count: Int { values.count }

  public mutating func append<T: PostgresEncodable>(_ value: T) {
    var bytes: [UInt8] = []
    value.encode(into: &bytes)
    values.append(Value(type: T.postgresType, format: T.postgresFormat, bytes: bytes))
  }

  public mutating func append<T: PostgresEncodable>(_ value: T?) {
    if let value {
      append(value)
    } else {
      values.append(Value(type: T.postgresType, format: T.postgresFormat, bytes: nil))
    }
  }
}
