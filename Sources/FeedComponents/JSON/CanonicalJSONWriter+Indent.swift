extension CanonicalJSONWriter {
  /// Appends the pretty form of `text` — canonical compact JSON: a value, or an object's member
  /// `"name":value` — as the pretty writer would have written it at nesting `depth`: the layout
  /// only adds whitespace outside strings, so it can be added to text already written instead
  /// of writing the value again.
  static func indent(_ text: UnsafeRawBufferPointer, depth: Int, into output: inout [UInt8]) {
    var level = depth
    var position = 0
    // Text between structural bytes (strings, numbers, literals) is copied a run at a time.
    var runStart = 0
    func flush() {
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[runStart..<position]))
    }
    while position < text.count {
      switch text[position] {
      case UInt8(ascii: "\""):
        position += 1
        while text[position] != UInt8(ascii: "\"") {
          position += text[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        position += 1
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        position += 1
        // `{}` and `[]` stay as they are: the closing bracket is two code points on.
        if text[position] == text[position - 1] + 2 {
          position += 1
          continue
        }
        flush()
        level += 1
        Self.newline(depth: level, into: &output)
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        flush()
        level -= 1
        Self.newline(depth: level, into: &output)
        output.append(text[position])
        position += 1
      case UInt8(ascii: ","):
        position += 1
        flush()
        Self.newline(depth: level, into: &output)
      case UInt8(ascii: ":"):
        position += 1
        flush()
        output.append(UInt8(ascii: " "))
      default:
        position += 1
        continue
      }
      runStart = position
    }
    flush()
  }

  /// Appends a line break and the indentation of nesting `depth`, as the pretty form has
  /// before each element and before a non-empty container's closing bracket.
  static func newline(depth: Int, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\n"))
    var width = depth * 2
    // Copied from a run of spaces rather than appended one at a time: a feed's lines are
    // mostly indentation.
    spaces.withUTF8Buffer { spaces in
      while width > 0 {
        let run = min(width, spaces.count)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: spaces[..<run]))
        width -= run
      }
    }
  }

  private static let spaces: StaticString = "                                "
}
