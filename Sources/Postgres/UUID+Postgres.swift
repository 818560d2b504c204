import Foundation

extension UUID: PostgresCodable {
  public static var postgresType: PostgresDataType { .uuid }

  public func encode(into buffer: inout [UInt8]) {
    withUnsafeBytes(of: uuid) { buffer.append(contentsOf: $0) }
  }

  public init(
    postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    guard type == .uuid else { throw .typeMismatch }
    guard bytes.count == 16 else { throw .malformed("uuid of \(bytes.count) bytes") }
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes) }
    self = UUID(uuid: value)
  }
}
