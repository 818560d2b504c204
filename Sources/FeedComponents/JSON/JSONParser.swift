/// Reads JSON text into a `JSONValue`, keeping integers exact and decimals as their source text.
///
/// Written here rather than on top of `JSONSerialization` because that reader turns every number
/// into a floating-point `NSNumber`, confuses `1` with `true`, and silently keeps one of two
/// duplicate keys; a wire format that is digested byte for byte needs none of that.
public struct JSONParser {
  private let bytes: [UInt8]
  private var position = 0

  /// Parses one complete JSON document; anything but whitespace after it is an error.
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.position == bytes.count else {
      throw parser.error("unexpected text after the value")
    }
    return value
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private static let maximumDepth = 512

  private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth < Self.maximumDepth else {
      throw error("nesting is deeper than \(Self.maximumDepth)")
    }
    guard let byte = peek() else { throw error("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
    position += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
      let keyStart = position
      let key = try parseString()
      guard members[key] == nil else {
        throw JSONParseError(offset: keyStart, reason: "duplicate key \"\(key)\"")
      }
      skipWhitespace()
      try expect(UInt8(ascii: ":"))
      skipWhitespace()
      members[key] = try parseValue(depth: depth + 1)
      skipWhitespace()
      if peek() == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect(UInt8(ascii: "}"))
      return .object(members)
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      if peek() == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect(UInt8(ascii: "]"))
      return .array(elements)
    }
  }

  private mutating func parseString() throws(JSONParseError) -> String {
    position += 1
    var utf8: [UInt8] = []
    while let byte = peek() {
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validating: utf8, as: UTF8.self) else {
          throw error("a string is not valid UTF-8")
        }
        return text
      case UInt8(ascii: "\\"):
        let scalar = try parseEscape()
        utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
      case 0x00..<0x20:
        throw error("a control character must be escaped inside a string")
      default:
        utf8.append(byte)
      }
    }
    throw error("a string is not terminated")
  }

  private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
    guard let byte = peek() else { throw error("unexpected end of input in an escape") }
    position += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try parseHexQuad()
      if (0xD800..<0xDC00).contains(first) {
        guard peek() == UInt8(ascii: "\\") else { throw error("an unpaired surrogate escape") }
        position += 1
        try expect(UInt8(ascii: "u"))
        let second = try parseHexQuad()
        guard (0xDC00..<0xE000).contains(second) else {
          throw error("an unpaired surrogate escape")
        }
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(first) else { throw error("an unpaired surrogate escape") }
      return scalar
    default:
      throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
    }
  }

  private mutating func parseHexQuad() throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek(), let digit = Self.hexValue(byte) else {
        throw error("expected four hex digits after \\u")
      }
      position += 1
      value = value << 4 | digit
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = position
    if peek() == UInt8(ascii: "-") { position += 1 }
    if peek() == UInt8(ascii: "0") {
      position += 1
    } else {
      guard skipDigits() > 0 else { throw error("a number needs digits") }
    }
    var isInteger = true
    if peek() == UInt8(ascii: ".") {
      position += 1
      isInteger = false
      guard skipDigits() > 0 else { throw error("a number needs digits after '.'") }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      position += 1
      isInteger = false
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
      guard skipDigits() > 0 else { throw error("a number needs digits in its exponent") }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard isInteger else { return .decimal(text) }
    guard let number = Int(text) else {
      throw JSONParseError(offset: start, reason: "the integer \(text) does not fit in 64 bits")
    }
    return .integer(number)
  }

  private mutating func skipDigits() -> Int {
    let start = position
    while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      position += 1
    }
    return position - start
  }

  private mutating func expectWord(_ word: String) throws(JSONParseError) {
    for byte in word.utf8 { try expect(byte) }
  }

  private mutating func expect(_ byte: UInt8) throws(JSONParseError) {
    guard peek() == byte else {
      throw error("expected '\(Character(Unicode.Scalar(byte)))'")
    }
    position += 1
  }

  private mutating func skipWhitespace() {
    while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      position += 1
    }
  }

  private func peek() -> UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  private func error(_ reason: String) -> JSONParseError {
    JSONParseError(offset: position, reason: reason)
  }
}

/// Why a text is not JSON, and where.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The byte offset where reading stopped.
  public var offset: Int
  public var reason: String

  public var description: String {
    "Not valid JSON at byte \(offset): \(reason)."
  }
}
