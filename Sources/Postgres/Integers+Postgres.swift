/// Integers decode from any integer column narrower or equal to them (an `int2` reads as
/// `Int64`), never from a wider one: a narrowing that could fail at run time is a type error.
extension Int16: PostgresCodable {
  public static var postgresType: PostgresDataType { .int2 }
  public func encode(into buffer: inout [UInt8]) { appendBigEndian(to: &buffer) }

  public init(
    postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    guard type == .int2 else { throw .typeMismatch }
    self = try decodeInteger(bytes, type: type)
  }
}

extension Int32: PostgresCodable {
  public static var postgresType: PostgresDataType { .int4 }
  public func encode(into buffer: inout [UInt8]) { appendBigEndian(to: &buffer) }

  public init(
    postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    guard type == .int2 || type == .int4 else { throw .typeMismatch }
    self = try decodeInteger(bytes, type: type)
  }
}

extension Int64: PostgresCodable {
  public static var postgresType: PostgresDataType { .int8 }
  public func encode(into buffer: inout [UInt8]) { appendBigEndian(to: &buffer) }

  public init(
    postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    guard type == .int2 || type == .int4 || type == .int8 else { throw .typeMismatch }
    self = try decodeInteger(bytes, type: type)
  }
}

extension Int: PostgresCodable {
  public static var postgresType: PostgresDataType { .int8 }
  public func encode(into buffer: inout [UInt8]) { Int64(self).appendBigEndian(to: &buffer) }

  public init(
    postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    self = Int(try Int64(postgresBytes: bytes, type: type))
  }
}

/// Reads an `int2`, `int4` or `int8` column and widens it to `T`.
private func decodeInteger<T: FixedWidthInteger>(
  _ bytes: UnsafeRawBufferPointer, type: PostgresDataType
) throws(PostgresDecodingFailure) -> T {
  let value: Int64?
  switch type {
  case .int2: value = Int16(bigEndianBytes: bytes).map(Int64.init)
  case .int4: value = Int32(bigEndianBytes: bytes).map(Int64.init)
  default: value = Int64(bigEndianBytes: bytes)
  }
  guard let value, let result = T(exactly: value) else {
    throw .malformed("\(type) of \(bytes.count) bytes")
  }
  return result
}
