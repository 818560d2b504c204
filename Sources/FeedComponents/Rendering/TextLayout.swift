/// Line layout for a terminal screen measured in display columns (see `DisplayWidth`).
///
/// Nothing is cut off: text that does not fit wraps, and a value that does not fit beside its
/// label moves to a line of its own.
public enum TextLayout {
  /// Breaks `text` into lines of at most `width` columns, at spaces where possible and inside a
  /// word only when the word alone is too wide.
  public static func wrap(_ text: String, width: Int) -> [String] {
    let width = max(width, 2)
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = String(word)
      var wordWidth = DisplayWidth.columns(of: word)
      if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
        line += " " + word
        lineWidth += 1 + wordWidth
        continue
      }
      if lineWidth > 0 {
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      while wordWidth > width {
        let (head, rest) = split(word, atColumn: width)
        lines.append(head)
        word = rest
        wordWidth = DisplayWidth.columns(of: word)
      }
      line = word
      lineWidth = wordWidth
    }
    if lineWidth > 0 || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// Wraps `text` after `prefix`, indenting continuation lines to line up under the text.
  public static func wrap(_ text: String, prefix: String, width: Int) -> [String] {
    let indent = DisplayWidth.columns(of: prefix)
    return wrap(text, width: width - indent).enumerated().map { index, line in
      (index == 0 ? prefix : String(repeating: " ", count: indent)) + line
    }
  }

  /// `left` at the start and `right` ending exactly at `width`, as a label and an amount. The
  /// styling closures are applied after measuring, so escape codes do not upset the alignment.
  public static func row(
    left: String,
    right: String,
    width: Int,
    styleLeft: (String) -> String = { $0 },
    styleRight: (String) -> String = { $0 }
  ) -> [String] {
    let leftWidth = DisplayWidth.columns(of: left)
    let rightWidth = DisplayWidth.columns(of: right)
    if leftWidth + 1 + rightWidth <= width {
      let gap = String(repeating: " ", count: width - leftWidth - rightWidth)
      return [styleLeft(left) + gap + styleRight(right)]
    }
    let leftLines = wrap(left, width: width).map(styleLeft)
    let rightLines = wrap(right, width: width).map { line in
      String(repeating: " ", count: max(width - DisplayWidth.columns(of: line), 0))
        + styleRight(line)
    }
    return leftLines + rightLines
  }

  /// `text` centred in `width` columns (extra space goes to the right), without trailing spaces.
  public static func centered(_ text: String, width: Int) -> String {
    let padding = max(width - DisplayWidth.columns(of: text), 0) / 2
    return String(repeating: " ", count: padding) + text
  }

  private static func split(_ word: String, atColumn width: Int) -> (String, String) {
    var head = ""
    var headWidth = 0
    var index = word.startIndex
    while index < word.endIndex {
      let columns = DisplayWidth.columns(of: word[index])
      if headWidth + columns > width && !head.isEmpty { break }
      head.append(word[index])
      headWidth += columns
      index = word.index(after: index)
    }
    return (head, String(word[index...]))
  }
}
