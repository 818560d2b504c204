/// A PostgreSQL type, identified by its OID as the server reports it in result metadata.
///
/// Only the built-in OIDs are stable across databases, so those are the ones named here; any
/// other OID still round-trips and prints as its number.
public struct PostgresDataType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public var rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  public init(_ rawValue: UInt32) { self.rawValue = rawValue }

  public static let bool = Self(16)
  public static let bytea = Self(17)
  public static let name = Self(19)
  public static let int8 = Self(20)
  public static let int2 = Self(21)
  public static let int4 = Self(23)
  public static let text = Self(25)
  public static let oid = Self(26)
  public static let json = Self(114)
  public static let float4 = Self(700)
  public static let float8 = Self(701)
  public static let bpchar = Self(1042)
  public static let varchar = Self(1043)
  public static let date = Self(1082)
  public static let timestamp = Self(1114)
  public static let timestamptz = Self(1184)
  public static let numeric = Self(1700)
  public static let uuid = Self(2950)
  public static let jsonb = Self(3802)
  /// Lets the server infer the parameter's type from context.
  public static let unspecified = Self(0)

  private static let names: [UInt32: String] = [
    16: "bool", 17: "bytea", 19: "name", 20: "int8", 21: "int2", 23: "int4", 25: "text",
    26: "oid", 114: "json", 700: "float4", 701: "float8", 1042: "bpchar", 1043: "varchar",
    1082: "date", 1114: "timestamp", 1184: "timestamptz", 1700: "numeric", 2950: "uuid",
    3802: "jsonb", 0: "unspecified",
  ]

  public var description: String { Self.names[rawValue] ?? "oid \(rawValue)" }
}
