import Foundation

/// Writes a `JSONValue` as canonical JSON: the same value always gives the same bytes.
///
/// Object keys are sorted by their UTF-8 bytes (not by locale or by Swift's `String` ordering), strings
/// escape only what JSON requires (`"`, `\`, and control characters, using the short forms `\b \f \n
/// \r \t` and otherwise `\u00XX` in lower-case hex) and keep every other character as raw UTF-8.
/// Integers are written in plain decimal, decimals as their kept source text. The compact form has no
/// whitespace at all; the pretty form indents by two spaces, puts `": "` after keys, writes empty
/// arrays and objects as `[]` and `{}`, and ends without a trailing newline.
public struct CanonicalJSONWriter: Sendable {
  /// Whether to write the indented, human-readable form.
  public var pretty: Bool

  public init(pretty: Bool = false) {
    self.pretty = pretty
  }

  /// The canonical bytes of `value`.
  public func bytes(_ value: JSONValue) -> [UInt8] {
    var output: [UInt8] = []
    write(value, depth: 0, into: &output)
    return output
  }

  /// The canonical text of `value`.
  public func string(_ value: JSONValue) -> String {
    String(decoding: bytes(value), as: UTF8.self)
  }

  /// The canonical bytes of `value` as `Data`.
  public func data(_ value: JSONValue) -> Data {
    Data(bytes(value))
  }

  /// Appends `value` at nesting `depth`; node types write themselves through this and the
  /// container methods below, straight into one buffer, without building `JSONValue` trees.
  func write(_ value: JSONValue, depth: Int, into output: inout [UInt8]) {
    switch value {
    case .null: output.append(literal: "null")
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .integer(let number): output.append(contentsOf: String(number).utf8)
    case .decimal(let text): output.append(contentsOf: text.utf8)
    case .string(let text): Self.writeString(text, into: &output)
    case .array(let elements):
      writeArray(count: elements.count, depth: depth, into: &output) { index, output in
        write(elements[index], depth: depth + 1, into: &output)
      }
    case .object(let members):
      writeMembers(members, depth: depth, into: &output) { member, output in
        write(member, depth: depth + 1, into: &output)
      }
    }
  }

  /// Appends the object `members` with its keys in canonical order; `value(member, &output)`
  /// writes each value, at nesting `depth + 1`.
  func writeMembers<Value>(
    _ members: [String: Value], depth: Int, into output: inout [UInt8],
    value: (Value, inout [UInt8]) -> Void
  ) {
    writeMembers(members, name: { $0 }, depth: depth, into: &output, value: value)
  }

  /// Appends the object `members`, each under the member name `name(key)`, with the names in
  /// canonical order (`name` must give distinct keys distinct names); `value(member, &output)`
  /// writes each value, at nesting `depth + 1`. One or two members, the usual size of props and
  /// actions, are put in order without sorting an array.
  func writeMembers<Key, Value>(
    _ members: [Key: Value], name: (Key) -> String, depth: Int, into output: inout [UInt8],
    value: (Value, inout [UInt8]) -> Void
  ) {
    func member(_ member: (key: Key, value: Value), into output: inout [UInt8]) {
      writeKey(name(member.key), into: &output)
      value(member.value, &output)
    }
    var iterator = members.makeIterator()
    let open = UInt8(ascii: "{")
    let close = UInt8(ascii: "}")
    switch members.count {
    case 0:
      writeContainer(open: open, close: close, count: 0, depth: depth, into: &output) { _, _ in }
    case 1:
      let only = iterator.next()!
      writeContainer(open: open, close: close, count: 1, depth: depth, into: &output) {
        _, output in member(only, into: &output)
      }
    case 2:
      let one = iterator.next()!
      let other = iterator.next()!
      let (first, second) =
        Self.precedes(name(one.key), name(other.key)) ? (one, other) : (other, one)
      writeContainer(open: open, close: close, count: 2, depth: depth, into: &output) {
        index, output in member(index == 0 ? first : second, into: &output)
      }
    default:
      // Sorted in a buffer on the stack: an item's props are sorted twice per feed (for its
      // digest and its text), and an array to sort them in costs more than the sorting.
      withUnsafeTemporaryAllocation(
        of: (key: Key, value: Value).self, capacity: members.count
      ) { buffer in
        _ = buffer.initialize(from: members)
        defer { buffer.deinitialize() }
        var sorted = buffer
        sorted.sort { Self.precedes(name($0.key), name($1.key)) }
        writeContainer(
          open: open, close: close, count: sorted.count, depth: depth, into: &output
        ) { index, output in
          member(sorted[index], into: &output)
        }
      }
    }
  }

  /// The canonical order of keys: by their UTF-8 bytes.
  static func precedes(_ key: String, _ other: String) -> Bool {
    key.utf8.lexicographicallyPrecedes(other.utf8)
  }

  /// Appends an array of `count` elements; `element(index, &output)` writes each one, at
  /// nesting `depth + 1`.
  func writeArray(
    count: Int, depth: Int, into output: inout [UInt8], element: (Int, inout [UInt8]) -> Void
  ) {
    writeContainer(
      open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: count, depth: depth, into: &output,
      element: element)
  }

  /// Appends an object with the members `keys`, which must be distinct and in canonical order
  /// (see `canonicalKeys(_:adding:)`); `value(key, &output)` writes each value, at nesting
  /// `depth + 1`.
  func writeObject(
    keys: [String], depth: Int, into output: inout [UInt8],
    value: (String, inout [UInt8]) -> Void
  ) {
    writeContainer(
      open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: keys.count, depth: depth,
      into: &output
    ) { index, output in
      writeKey(keys[index], into: &output)
      value(keys[index], &output)
    }
  }

  /// The member names of an object made of the `fixed` fields a type always writes (already in
  /// canonical order) and the `additional` fields a newer minor version added, in canonical
  /// order; a fixed field replaces an additional one of the same name, as it does when the
  /// members are merged into one dictionary.
  static func canonicalKeys(_ fixed: [String], adding additional: [String: JSONValue]) -> [String] {
    if additional.isEmpty { return fixed }
    return (fixed + additional.keys.filter { !fixed.contains($0) }).sorted(by: precedes)
  }

  private func writeKey(_ key: String, into output: inout [UInt8]) {
    Self.writeString(key, into: &output)
    output.append(UInt8(ascii: ":"))
    if pretty { output.append(UInt8(ascii: " ")) }
  }

  private func writeContainer(
    open: UInt8, close: UInt8, count: Int, depth: Int, into output: inout [UInt8],
    element: (Int, inout [UInt8]) -> Void
  ) {
    output.append(open)
    for index in 0..<count {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      if pretty { Self.newline(depth: depth + 1, into: &output) }
      element(index, &output)
    }
    if pretty && count > 0 { Self.newline(depth: depth, into: &output) }
    output.append(close)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends `text` as a JSON string. Almost every string of a feed needs no escape: that is
  /// found eight bytes at a time and the string is written with its quotes in one reservation.
  /// One that does is copied a run at a time between the bytes it escapes.
  static func writeString(_ text: String, into output: inout [UInt8]) {
    let written: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      if !needsEscape(bytes) {
        output.append(addingCapacity: bytes.count + 2) { span in
          span.withUnsafeMutableBufferPointer { room, written in
            room[0] = UInt8(ascii: "\"")
            if let start = bytes.baseAddress {
              (room.baseAddress! + 1).initialize(from: start, count: bytes.count)
            }
            room[bytes.count + 1] = UInt8(ascii: "\"")
            written = bytes.count + 2
          }
        }
        return
      }
      output.append(UInt8(ascii: "\""))
      var start = 0
      for index in bytes.indices where needsEscape(bytes[index]) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        writeEscaped(bytes[index], into: &output)
        start = index + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
      output.append(UInt8(ascii: "\""))
    }
    if written == nil {
      output.append(UInt8(ascii: "\""))
      for byte in text.utf8 {
        if needsEscape(byte) { writeEscaped(byte, into: &output) } else { output.append(byte) }
      }
      output.append(UInt8(ascii: "\""))
    }
  }

  /// Whether any byte of `bytes` needs an escape, tested eight at a time: a byte below 0x20,
  /// a `"` or a `\` (`ByteWord`).
  private static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index + 8 <= bytes.count {
      let word = ByteWord.load(bytes.baseAddress!, at: index)
      let flags =
        ByteWord.bytes(below: 0x20, in: word)
        | ByteWord.bytes(equalTo: UInt8(ascii: "\""), in: word)
        | ByteWord.bytes(equalTo: UInt8(ascii: "\\"), in: word)
      if flags != 0 { return true }
      index += 8
    }
    while index < bytes.count {
      if needsEscape(bytes[index]) { return true }
      index += 1
    }
    return false
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private static func writeEscaped(_ byte: UInt8, into output: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
    case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
    case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
    case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
    case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
    case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
    case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
    default:
      output.append(literal: "\\u00")
      output.append(hexDigits[Int(byte >> 4)])
      output.append(hexDigits[Int(byte & 0x0F)])
    }
  }
}
