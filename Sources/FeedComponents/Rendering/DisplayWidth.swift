/// How many terminal columns text occupies.
///
/// Korean, Chinese and Japanese characters, full-width forms and emoji take two columns; combining
/// marks and control characters take none; everything else takes one. Counting by grapheme cluster
/// keeps a flag, a skin-toned or ZWJ emoji, or a decomposed Hangul syllable at the width of the one
/// glyph a terminal draws for it.
public enum DisplayWidth {
  /// The columns `text` takes on a terminal.
  public static func columns(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + columns(of: $1) }
  }

  /// The columns one character takes on a terminal: 0, 1 or 2.
  public static func columns(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    // Most of a feed is printable ASCII and Hangul syllables, one scalar each: their widths are
    // known without looking up Unicode properties, which took a sixth of a long text `show`.
    if scalars.index(after: scalars.startIndex) == scalars.endIndex {
      if (0x20..<0x7F).contains(first.value) { return 1 }
      if (0xAC00...0xD7A3).contains(first.value) { return 2 }
    }
    if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    if first.properties.isEmojiPresentation { return 2 }
    if isWide(first.value) { return 2 }
    if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return 1
    }
  }

  private static func isWide(_ value: UInt32) -> Bool {
    wideRanges.contains { $0.contains(value) }
  }

  /// East Asian Wide and Fullwidth blocks (Unicode UAX #11), the ones a feed can contain.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2E80...0x303E,  // CJK radicals, punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Hangul compatibility Jamo, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small forms
    0xFF00...0xFF60,  // full-width forms
    0xFFE0...0xFFE6,  // full-width signs
    0x1F300...0x1F64F,  // pictographs and emoticons
    0x1F900...0x1F9FF,  // supplemental pictographs
    0x20000...0x2FFFD,  // CJK extensions B and later
    0x30000...0x3FFFD,  // CJK extension G and later
  ]
}
