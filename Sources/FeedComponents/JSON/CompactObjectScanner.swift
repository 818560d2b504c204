/// Finds the members of a JSON object written in canonical compact form (no whitespace outside
/// strings), without parsing their values: what splicing fields into stored text needs.
enum CompactObjectScanner {
  /// Calls `body` with each member's name as it stands between its quotes (escapes kept) and
  /// the member's whole text (`"name":value`), in order, until `body` returns false: the values
  /// after the member a caller was looking for are not scanned. `object` must be a compact
  /// object this program wrote or has parsed; anything else is a programming error.
  static func forEachMember(
    of object: UnsafeRawBufferPointer,
    _ body: (_ name: UnsafeRawBufferPointer, _ member: UnsafeRawBufferPointer) -> Bool
  ) {
    precondition(object.first == UInt8(ascii: "{") && object.last == UInt8(ascii: "}"))
    var position = 1
    while object[position] != UInt8(ascii: "}") {
      let start = position
      let nameEnd = endOfString(in: object, from: position)
      // The value starts after the closing quote and the colon.
      position = endOfValue(in: object, from: nameEnd + 1)
      let goOn = body(
        UnsafeRawBufferPointer(rebasing: object[(start + 1)..<(nameEnd - 1)]),
        UnsafeRawBufferPointer(rebasing: object[start..<position]))
      if !goOn { return }
      if object[position] == UInt8(ascii: ",") { position += 1 }
    }
  }

  /// The text of the value of the member named `name` (a name that needs no escaping), or nil
  /// when `object` has no such member.
  static func value(named name: String, in object: UnsafeRawBufferPointer)
    -> UnsafeRawBufferPointer?
  {
    var found: UnsafeRawBufferPointer?
    var name = name
    name.withUTF8 { wanted in
      forEachMember(of: object) { memberName, member in
        guard memberName.elementsEqual(wanted) else { return true }
        // The member's text is `"name":value`.
        found = UnsafeRawBufferPointer(rebasing: member[(wanted.count + 3)...])
        return false
      }
    }
    return found
  }

  /// The position just past the string whose opening quote is at `start`.
  private static func endOfString(in text: UnsafeRawBufferPointer, from start: Int) -> Int {
    let base = text.baseAddress!.assumingMemoryBound(to: UInt8.self)
    return closingQuote(in: base, from: start + 1, end: text.count) + 1
  }

  /// The position of the quote that closes a string whose text starts at `start`, in text
  /// that has one before `end`, skipping eight bytes at a time (`ByteWord`) up to the first
  /// quote or backslash.
  @inline(__always)
  static func closingQuote(in base: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
    var position = start
    while true {
      while position + 8 <= end {
        let word = ByteWord.load(base, at: position)
        let flags =
          ByteWord.bytes(equalTo: UInt8(ascii: "\""), in: word)
          | ByteWord.bytes(equalTo: UInt8(ascii: "\\"), in: word)
        if flags != 0 {
          position += flags.trailingZeroBitCount / 8
          break
        }
        position += 8
      }
      switch base[position] {
      case UInt8(ascii: "\""): return position
      case UInt8(ascii: "\\"): position += 2
      default: position += 1
      }
    }
  }

  /// The position just past the value that starts at `start`: a string, a container (strings
  /// inside it skipped whole, so their brackets do not count) or a scalar, which runs to the
  /// next `,` or closing bracket.
  private static func endOfValue(in text: UnsafeRawBufferPointer, from start: Int) -> Int {
    var position = start
    var depth = 0
    while true {
      switch text[position] {
      case UInt8(ascii: "\""):
        position = endOfString(in: text, from: position)
        if depth == 0 { return position }
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 { return position }
        depth -= 1
        if depth == 0 { return position + 1 }
      case UInt8(ascii: ","):
        if depth == 0 { return position }
      default:
        break
      }
      position += 1
    }
  }
}
