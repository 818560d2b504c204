/// Text from outside — a file name, an option value, a field of a batch — made safe to print
/// inside a message on a terminal.
///
/// An error message quotes what the user gave, and what the user gave may hold bytes a terminal
/// acts on: ESC starts a sequence that can recolour or clear the screen, NUL and BEL are
/// invisible, and a bidirectional override reorders the rest of the line. Each such scalar is
/// written as a Swift escape, `\u{1B}`, so the message shows what was there and does nothing.
enum VisibleText {
  static func escaping(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// C0 and C1 controls, DEL, and the bidirectional embeddings, overrides, isolates and marks.
  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: false
    }
  }
}
