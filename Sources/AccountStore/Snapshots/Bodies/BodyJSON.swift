/// A JSON value as a snapshot body holds it: text, whole numbers, lists and objects (`true`,
/// `false` and `null` are read, though no body writes them).
///
/// Bodies are read on every write (the latest chain, to store the next delta against it) and
/// every read of a stored feed, so they get a reader of their own instead of Foundation's
/// `JSONSerialization`, whose `Any` values cost an allocation and a dynamic cast per element.
/// It reads exactly what `SnapshotBody` and `JSONTextBuffer` write (and any other valid JSON
/// of those kinds), and refuses the rest.
enum BodyJSON: Equatable {
  case string(String)
  case integer(Int)
  case array([BodyJSON])
  case object([String: BodyJSON])
  case literal

  /// Reads one JSON value filling all of `text`; nil when it is not valid JSON of these kinds.
  static func parse(_ text: String) -> BodyJSON? {
    var text = text
    return text.withUTF8 { bytes in
      var reader = Reader(bytes: bytes)
      guard let value = reader.value(depth: 0) else { return nil }
      reader.skipWhitespace()
      return reader.position == bytes.count ? value : nil
    }
  }

  var string: String? {
    if case .string(let value) = self { value } else { nil }
  }

  var integer: Int? {
    if case .integer(let value) = self { value } else { nil }
  }

  var array: [BodyJSON]? {
    if case .array(let value) = self { value } else { nil }
  }

  var object: [String: BodyJSON]? {
    if case .object(let value) = self { value } else { nil }
  }

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    /// Deeper than any body goes, shallow enough that hostile input cannot exhaust the stack.
    static let deepest = 64

    mutating func skipWhitespace() {
      while position < bytes.count,
        bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D
          || bytes[position] == 0x09
      {
        position += 1
      }
    }

    mutating func value(depth: Int) -> BodyJSON? {
      skipWhitespace()
      guard position < bytes.count, depth < Self.deepest else { return nil }
      switch bytes[position] {
      case UInt8(ascii: "\""): return string().map(BodyJSON.string)
      case UInt8(ascii: "["): return array(depth: depth)
      case UInt8(ascii: "{"): return object(depth: depth)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return integer()
      case UInt8(ascii: "t"): return literal("true")
      case UInt8(ascii: "f"): return literal("false")
      case UInt8(ascii: "n"): return literal("null")
      default: return nil
      }
    }

    private mutating func literal(_ word: StaticString) -> BodyJSON? {
      let count = word.utf8CodeUnitCount
      guard position + count <= bytes.count else { return nil }
      for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
        return nil
      }
      position += count
      return .literal
    }

    private mutating func integer() -> BodyJSON? {
      let negative = bytes[position] == UInt8(ascii: "-")
      if negative { position += 1 }
      let start = position
      var value = 0
      while position < bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
      {
        let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflowSum) = times.addingReportingOverflow(Int(bytes[position] - 0x30))
        guard !overflowTimes, !overflowSum else { return nil }
        value = sum
        position += 1
      }
      let digits = position - start
      // No fractions or exponents (no body writes one), and no leading zeros (JSON has none).
      guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
      if position < bytes.count,
        [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position])
      {
        return nil
      }
      return .integer(negative ? -value : value)
    }

    private mutating func array(depth: Int) -> BodyJSON? {
      position += 1
      var elements: [BodyJSON] = []
      skipWhitespace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
        position += 1
        return .array(elements)
      }
      while true {
        guard let element = value(depth: depth + 1) else { return nil }
        elements.append(element)
        skipWhitespace()
        guard position < bytes.count else { return nil }
        let separator = bytes[position]
        position += 1
        if separator == UInt8(ascii: "]") { return .array(elements) }
        guard separator == UInt8(ascii: ",") else { return nil }
      }
    }

    private mutating func object(depth: Int) -> BodyJSON? {
      position += 1
      var members: [String: BodyJSON] = [:]
      skipWhitespace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = string()
        else { return nil }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
        position += 1
        guard let member = value(depth: depth + 1) else { return nil }
        members[key] = member
        skipWhitespace()
        guard position < bytes.count else { return nil }
        let separator = bytes[position]
        position += 1
        if separator == UInt8(ascii: "}") { return .object(members) }
        guard separator == UInt8(ascii: ",") else { return nil }
      }
    }

    /// A string starting at the opening quote. A run without escapes is taken as it is (the
    /// text came from a Swift `String`, so it is valid UTF-8); escapes are decoded.
    private mutating func string() -> String? {
      position += 1
      var start = position
      var decoded: [UInt8]?
      while position < bytes.count {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") {
          let run = UnsafeBufferPointer(rebasing: bytes[start..<position])
          position += 1
          guard var text = decoded else { return String(decoding: run, as: UTF8.self) }
          text.append(contentsOf: run)
          return String(validating: text, as: UTF8.self)
        }
        if byte < 0x20 { return nil }
        guard byte == UInt8(ascii: "\\") else {
          position += 1
          continue
        }
        var text = decoded ?? []
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        position += 1
        guard position < bytes.count else { return nil }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
          guard let scalar = unicodeEscape() else { return nil }
          text.append(contentsOf: String(Character(scalar)).utf8)
        default: return nil
        }
        decoded = text
        start = position
      }
      return nil
    }

    /// The scalar of `\uXXXX` (the `\u` read already), joining a surrogate pair.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
      guard let high = hexQuad() else { return nil }
      if (0xD800...0xDBFF).contains(high) {
        guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else { return nil }
        position += 2
        guard let low = hexQuad(), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
      }
      return Unicode.Scalar(high)
    }

    private mutating func hexQuad() -> UInt32? {
      guard position + 4 <= bytes.count else { return nil }
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let digit = hexDigit(bytes[position]) else { return nil }
        value = value << 4 | digit
        position += 1
      }
      return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - 0x30)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - 0x61 + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - 0x41 + 10)
      default: nil
      }
    }
  }
}
