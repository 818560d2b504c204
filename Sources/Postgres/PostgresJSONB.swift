/// A `jsonb` value carried as its JSON text.
///
/// The client does not parse JSON: callers decide what the document means (the feed layer has
/// its own canonical JSON), and the store only needs to move it in and out intact.
public struct PostgresJSONB: Hashable, Sendable, CustomStringConvertible {
  public var text: String

  public init(_ text: String) {
    self.text = text
  }

  public var description: String { text }
}

extension PostgresJSONB: PostgresCodable {
  public static var postgresType: PostgresDataType { .jsonb }

  /// jsonb's binary format is a version byte (1) followed by the JSON text.
  public func encode(into buffer: inout [UInt8]) {
    buffer.append(1)
    buffer.append(contentsOf: text.utf8)
  }

  public init(
    postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    switch type {
    case .jsonb:
      guard bytes.first == 1 else { throw .malformed("jsonb version \(bytes.first ?? 0)") }
      text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes.dropFirst()), as: UTF8.self)
    case .json:
      text = String(decoding: bytes, as: UTF8.self)
    default:
      throw .typeMismatch
    }
  }
}
