/// `bytea` as raw bytes, sent and read in binary so no escaping format is involved.
extension Array: PostgresEncodable where Element == UInt8 {
  public static var postgresType: PostgresDataType { .bytea }

  public func encode(into buffer: inout [UInt8]) {
    buffer.append(contentsOf: self)
  }
}

extension Array: PostgresDecodable where Element == UInt8 {
  public init(
    postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    guard type == .bytea else { throw .typeMismatch }
    self = Array(bytes)
  }
}
