extension String: PostgresCodable {
  public static var postgresType: PostgresDataType { .text }

  public func encode(into buffer: inout [UInt8]) {
    buffer.append(contentsOf: utf8)
  }

  /// Reads the character types (`text`, `varchar`, `bpchar`, `name`); other types are a
  /// mismatch rather than their text form, so a wrong column is caught, not stringified.
  public init(
    postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    switch type {
    case .text, .varchar, .bpchar, .name:
      // As a buffer of bytes, the decoding takes the standard library's fast path for UTF-8
      // in memory, not the generic one that looks up type metadata on every value.
      self = bytes.withMemoryRebound(to: UInt8.self) { String(decoding: $0, as: UTF8.self) }
    default: throw .typeMismatch
    }
  }
}
