import Testing

@testable import FeedComponents

@Suite struct DisplayWidthTests {
  @Test func asciiTakesOneColumnEach() {
    #expect(DisplayWidth.columns(of: "116,848") == 7)
  }

  @Test func hangulTakesTwoColumnsEach() {
    #expect(DisplayWidth.columns(of: "토스뱅크") == 8)
  }

  @Test func mixedKoreanAsciiAndSpacesAddUp() {
    // 토 스 뱅 크 (8) + space (1) + 통 장 (4) = 13; 116,848 (7) + 원 (2) = 9
    #expect(DisplayWidth.columns(of: "토스뱅크 통장") == 13)
    #expect(DisplayWidth.columns(of: "116,848원") == 9)
  }

  @Test func emojiTakeTwoColumnsIncludingSequences() {
    #expect(DisplayWidth.columns(of: "💰") == 2)
    #expect(DisplayWidth.columns(of: "👍🏽") == 2)
    #expect(DisplayWidth.columns(of: "👨‍👩‍👧") == 2)
    #expect(DisplayWidth.columns(of: "🇰🇷") == 2)
    #expect(DisplayWidth.columns(of: "❤️") == 2)
    #expect(DisplayWidth.columns(of: "저축 💰 a") == 4 + 1 + 2 + 1 + 1)
  }

  @Test func combiningMarksAndDecomposedHangulTakeTheWidthOfOneGlyph() {
    #expect(DisplayWidth.columns(of: "e\u{301}") == 1)
    #expect(DisplayWidth.columns(of: "\u{1112}\u{1161}\u{11AB}") == 2)
  }

  @Test func fullWidthFormsTakeTwoColumns() {
    #expect(DisplayWidth.columns(of: "ＡＢ") == 4)
    #expect(DisplayWidth.columns(of: "漢字") == 4)
  }

  @Test func wrappingCountsColumnsNotCharacters() {
    // Each word is 4 columns; two fit in 9 columns with a space, three do not.
    #expect(TextLayout.wrap("통장 계좌 비상", width: 9) == ["통장 계좌", "비상"])
  }

  @Test func wordWiderThanTheLineIsSplitOnCharacterBoundaries() {
    #expect(TextLayout.wrap("토스뱅크통장", width: 5) == ["토스", "뱅크", "통장"])
  }
}
