extension Bool: PostgresCodable {
  public static var postgresType: PostgresDataType { .bool }

  public func encode(into buffer: inout [UInt8]) {
    buffer.append(self ? 1 : 0)
  }

  public init(
    postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    guard type == .bool else { throw .typeMismatch }
    guard bytes.count == 1, let byte = bytes.first else {
      throw .malformed("bool of \(bytes.count) bytes")
    }
    self = byte != 0
  }
}
