import AccountModel
import Testing

/// `FieldRules.text`, the rule for names and messages: real text of any script is accepted;
/// text that hides what it says is refused with the reason.
@Suite("Text fields")
struct TextRuleTests {
  private func reason(_ value: String) -> String? {
    do {
      try FieldRules.text(value, field: "name", maximum: 100)
      return nil
    } catch {
      return error.reason
    }
  }

  @Test(
    arguments: [
      "Checking", "생활비 통장", "비상금 💰", "\u{1F469}\u{200D}\u{1F4BB} Work",
      "\u{2764}\u{FE0F} Savings", "Cafe\u{301}", "\u{301}x", "\u{1F1F0}\u{1F1F7}", "a\u{200B}b",
      "مصروف", "Ünïcødé",
    ])
  func realTextIsAccepted(_ value: String) {
    #expect(reason(value) == nil)
  }

  @Test(
    arguments: [
      "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
      "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}",
    ])
  func everyBidirectionalControlIsRefused(_ control: String) {
    #expect(
      reason("abc\(control)def")?.hasPrefix("must not contain the bidirectional control U+")
        == true)
  }

  @Test func theBidirectionalControlIsNamedByCodePoint() {
    #expect(
      reason("invoice\u{202E}fdp.exe")
        == "must not contain the bidirectional control U+202E, which changes how the text around it is shown"
    )
  }

  @Test(
    arguments: [
      "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{FE0F}", "\u{FE00}",
      "\u{E0100}", "\u{301}", "\u{20DD}", "\u{3164}", "\u{115F}\u{1160}", "\u{00AD}",
      "\u{2800}", " \u{200B} ", "\u{200B}\u{200B}\u{200B}\u{200B}",
    ])
  func textOfOnlyInvisibleCharactersIsRefused(_ value: String) {
    #expect(reason(value)?.hasPrefix("must contain a visible character") == true)
  }

  @Test func theInvisibleCharactersAreNamedByCodePoint() {
    #expect(
      reason("\u{200D}\u{FE0F}")
        == "must contain a visible character; it has only invisible ones (U+200D U+FE0F)")
  }

  @Test func manyInvisibleCharactersAreNamedByTheFirstThree() {
    #expect(
      reason(String(repeating: "\u{200B}", count: 5))
        == "must contain a visible character; it has only invisible ones (U+200B U+200B U+200B …)")
  }

  @Test(arguments: [
    "a\u{1B}[31mb", "a\nb", "a\rb", "a\u{0}b", "a\u{7F}b", "a\u{9B}b", "a\u{2028}b",
  ])
  func controlCharactersAreRefused(_ value: String) {
    #expect(reason(value) == "must not contain control characters such as newlines")
  }

  @Test func whiteSpaceAloneIsEmpty() {
    #expect(reason(" \t ") == "must not be empty")
  }

  @Test func lengthCountsScalarsSoAnEmojiSequenceCountsEachPart() {
    let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
    #expect(reason(String(repeating: family, count: 20)) == nil)
    #expect(
      reason(String(repeating: family, count: 21)) == "must be at most 100 characters, got 105")
  }
}
