/// JSON text built as UTF-8 bytes, for the large parameters a batch sends (thousands of nodes,
/// bodies and rows in one statement): appending bytes costs a fraction of growing a `String`
/// one scalar at a time. Strings escape `"`, `\\` and control characters (as `\u00xx`) and
/// nothing else, so the same text always gives the same bytes.
struct JSONTextBuffer {
  private(set) var bytes: [UInt8] = []

  /// Appends `text` as it is: JSON already, or punctuation.
  mutating func raw(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends `value` as a JSON number.
  mutating func number(_ value: some BinaryInteger) {
    raw(String(value))
  }

  /// Appends `text` as a JSON string. Runs of bytes that need no escape (nearly all of them:
  /// ids, digests, node text) are copied whole.
  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      // Nearly every string needs no escape: one scan says so, and the text goes in whole.
      if !utf8.contains(where: Self.needsEscape) {
        bytes.append(contentsOf: utf8)
        return
      }
      var start = 0
      for (index, byte) in utf8.enumerated() where Self.needsEscape(byte) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        if byte < 0x20 {
          bytes.append(contentsOf: "\\u00".utf8)
          bytes.append(Self.hexDigits[Int(byte >> 4)])
          bytes.append(Self.hexDigits[Int(byte & 0xF)])
        } else {
          bytes.append(UInt8(ascii: "\\"))
          bytes.append(byte)
        }
        start = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Appends `text` as a JSON string, or `null` when there is none.
  mutating func string(_ text: String?) {
    if let text { string(text) } else { raw("null") }
  }

  var isEmpty: Bool { bytes.isEmpty }

  var text: String { String(decoding: bytes, as: UTF8.self) }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
