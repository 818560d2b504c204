/// How a value travels on the wire. Binary is the default: it needs no locale- or
/// `DateStyle`-dependent parsing; `numeric` parameters go as text because text is exact and simple.
public enum PostgresFormat: Int32, Sendable {
  case text = 0
  case binary = 1
}

/// A Swift value that can be sent as a query parameter.
///
/// Every parameter goes out of band through libpq's parameter arrays, never spliced into SQL text,
/// so no value can change the meaning of a statement.
public protocol PostgresEncodable {
  /// The type the server should give the parameter.
  static var postgresType: PostgresDataType { get }
  /// The wire format `encode(into:)` writes.
  static var postgresFormat: PostgresFormat { get }
  /// Appends the value's wire representation.
  func encode(into buffer: inout [UInt8])
}

extension PostgresEncodable {
  public static var postgresFormat: PostgresFormat { .binary }
}

/// A Swift value that can be read from a result column (always requested in binary format).
public protocol PostgresDecodable {
  /// Decodes a non-NULL value from its bytes as libpq holds them, which are valid only during
  /// the call. Throw `PostgresDecodingFailure.typeMismatch` for a column type this Swift type
  /// does not accept; the row turns it into an error naming the column.
  init(postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType)
    throws(PostgresDecodingFailure)
  /// The value for SQL NULL; only optionals have one.
  static func postgresNull() throws(PostgresDecodingFailure) -> Self
}

extension PostgresDecodable {
  public static func postgresNull() throws(PostgresDecodingFailure) -> Self {
    throw .unexpectedNull
  }
}

/// A type that is both sent and read.
public typealias PostgresCodable = PostgresEncodable & PostgresDecodable

/// Why one value did not decode; `PostgresRow` adds the column and the Swift type.
public enum PostgresDecodingFailure: Error, Sendable, Equatable {
  case typeMismatch
  case unexpectedNull
  case malformed(String)
}

extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
  public init(
    postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    self = .some(try Wrapped(postgresBytes: bytes, type: type))
  }

  public static func postgresNull() throws(PostgresDecodingFailure) -> Wrapped? { nil }
}

extension FixedWidthInteger {
  /// Reads a big-endian integer of exactly this width; nil if the byte count is wrong.
  init?(bigEndianBytes bytes: UnsafeRawBufferPointer) {
    guard bytes.count == MemoryLayout<Self>.size else { return nil }
    self.init(bigEndian: bytes.loadUnaligned(as: Self.self))
  }

  func appendBigEndian(to buffer: inout [UInt8]) {
    withUnsafeBytes(of: bigEndian) { buffer.append(contentsOf: $0) }
  }
}
