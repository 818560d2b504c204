extension CanonicalJSONWriter {
  /// Appends the pretty form of `compact`, canonical compact JSON, as the pretty writer would
  /// have written the same value at nesting `depth`: the layout only adds whitespace outside
  /// strings, so it can be added to text already written instead of writing the value again.
  static func indent(_ compact: [UInt8], depth: Int, into output: inout [UInt8]) {
    compact.withUnsafeBufferPointer { text in
      func newline(_ level: Int) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
      }
      var level = depth
      var position = 0
      // Text between structural bytes (strings, numbers, literals) is copied a run at a time.
      var runStart = 0
      func flush() {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<position]))
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
          newline(level)
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          flush()
          level -= 1
          newline(level)
          output.append(text[position])
          position += 1
        case UInt8(ascii: ","):
          position += 1
          flush()
          newline(level)
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
  }
}
