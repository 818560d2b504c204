/// Builds a command value from parsed arguments through the compiler-synthesized `Decodable`.
///
/// Each property wrapper's `init(from:)` asks this decoder for the value stored under its
/// property path; an `@OptionGroup` hands the same decoder on to its group, whose properties then
/// sit one level deeper. Nothing else is decodable: a plain stored property is a programming
/// error and is reported as such.
struct ArgumentDecoder: Decoder {
  let codingPath: [any CodingKey]
  let values: [String: any Sendable]

  var userInfo: [CodingUserInfoKey: Any] { [:] }

  var key: String { codingPath.map(\.stringValue).joined(separator: ".") }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(Container(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw notAnArgument()
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw notAnArgument()
  }

  func notAnArgument() -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription:
          "'\(key)' is a stored property that is not @Option, @Flag, @Argument or @OptionGroup"))
  }

  /// The value parsed for the property that `decoder` is decoding.
  static func parsedValue<Value>(from decoder: any Decoder) throws -> Value {
    guard let decoder = decoder as? ArgumentDecoder,
      let value = decoder.values[decoder.key] as? Value
    else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "argument properties can only be decoded by the argument parser"))
    }
    return value
  }

  private struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ArgumentDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try T(from: ArgumentDecoder(codingPath: codingPath + [key], values: decoder.values))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
      throws -> KeyedDecodingContainer<NestedKey>
    {
      throw decoder.notAnArgument()
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      throw decoder.notAnArgument()
    }

    func superDecoder() throws -> any Decoder {
      throw decoder.notAnArgument()
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
      throw decoder.notAnArgument()
    }
  }
}
