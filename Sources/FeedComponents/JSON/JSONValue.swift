/// A JSON value as the feed wire format uses it: props, action payloads and opaque nodes.
///
/// Integers are `Int` so money (minor units) never passes through floating point. A number with a
/// fraction or an exponent is kept as `.decimal` holding its source text, validated against the
/// JSON number grammar but never converted to `Double`: re-encoding it writes the same characters,
/// so canonical output is byte-stable and nothing is rounded.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case integer(Int)
  case decimal(String)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])
}

extension JSONValue {
  /// The members when this is an object, for readers that expect one.
  public var objectValue: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// The text when this is a string.
  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The number when this is an integer.
  public var integerValue: Int? {
    if case .integer(let number) = self { return number }
    return nil
  }

  /// The flag when this is a boolean.
  public var boolValue: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  /// The elements when this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// Looks a member up when this is an object; `nil` for anything else.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }
}

extension JSONValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int) { self = .integer(value) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
