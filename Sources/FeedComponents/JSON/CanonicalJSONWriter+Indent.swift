extension CanonicalJSONWriter {
  /// Appends the pretty form of `text` — canonical compact JSON: a value, or an object's member
  /// `"name":value` — as the pretty writer would have written it at nesting `depth`: the layout
  /// only adds whitespace outside strings, so it can be added to text already written instead
  /// of writing the value again.
  static func indent(_ text: UnsafeRawBufferPointer, depth: Int, into output: inout [UInt8]) {
    guard let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
    let end = text.count
    var level = depth
    var position = 0
    // Text between structural bytes (strings, numbers, literals) is copied a run at a time,
    // up to and including the structural byte that ends it.
    var runStart = 0
    while position < end {
      let byte = base[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        position = CompactObjectScanner.closingQuote(in: base, from: position, end: end) + 1
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        // `{}` and `[]` stay as they are: the closing bracket is two code points on.
        if base[position] == byte + 2 {
          position += 1
          continue
        }
        output.append(
          contentsOf: UnsafeBufferPointer(start: base + runStart, count: position - runStart))
        level += 1
        Self.newline(depth: level, into: &output)
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        output.append(
          contentsOf: UnsafeBufferPointer(start: base + runStart, count: position - 1 - runStart))
        level -= 1
        Self.newline(depth: level, into: &output)
        output.append(byte)
      case UInt8(ascii: ","):
        output.append(
          contentsOf: UnsafeBufferPointer(start: base + runStart, count: position - runStart))
        Self.newline(depth: level, into: &output)
      case UInt8(ascii: ":"):
        output.append(
          contentsOf: UnsafeBufferPointer(start: base + runStart, count: position - runStart))
        output.append(UInt8(ascii: " "))
      default:
        continue
      }
      runStart = position
    }
    output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: end - runStart))
  }

  /// Appends a line break and the indentation of nesting `depth`, as the pretty form has
  /// before each element and before a non-empty container's closing bracket: one copy from a
  /// line break followed by a run of spaces, since a feed's lines are mostly indentation and
  /// every append costs about as much as copying a few dozen bytes.
  static func newline(depth: Int, into output: inout [UInt8]) {
    lineBreak.withUTF8Buffer { line in
      var width = 1 + depth * 2
      output.append(contentsOf: UnsafeBufferPointer(rebasing: line[..<min(width, line.count)]))
      width -= line.count
      while width > 0 {
        let run = min(width, line.count - 1)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: line[1...run]))
        width -= run
      }
    }
  }

  /// A line break and then the indentation of nesting 32.
  private static let lineBreak: StaticString =
    "\n                                                                "
}
