import ArgumentKit
import Testing

/// Option words are split on Unicode scalars: a value that starts with a combining mark, a
/// joiner or a variation selector would otherwise fuse with the `=` into one `Character`.
@Suite("Option words with marks after '='")
struct ScalarSplittingTests {
  private func name(_ attached: String) throws -> [Unicode.Scalar] {
    let add = try parsed(
      ["account", "add", "--name=" + attached, "--balance", "1"], as: AccountAdd.self)
    return Array(add.name.unicodeScalars)
  }

  @Test func aCombiningMarkAfterTheEqualsSignStartsTheValue() throws {
    #expect(try name("\u{301}x") == ["\u{301}", "x"])
  }

  @Test func aZeroWidthJoinerAfterTheEqualsSignIsTheValue() throws {
    #expect(try name("\u{200D}") == ["\u{200D}"])
  }

  @Test func aVariationSelectorAfterTheEqualsSignIsTheValue() throws {
    #expect(try name("\u{FE0F}") == ["\u{FE0F}"])
  }

  @Test func anEmojiSequenceAfterTheEqualsSignIsKeptWhole() throws {
    #expect(try name("\u{1F469}\u{200D}\u{1F4BB}") == ["\u{1F469}", "\u{200D}", "\u{1F4BB}"])
  }

  @Test func aCombiningMarkAfterTheEqualsSignOfAnIntegerOptionIsAnInvalidValue() {
    let error = usageError(["account", "add", "--name", "X", "--balance=\u{301}1"])
    #expect(error?.kind == .invalidValue)
  }

  @Test func aDashFollowedByACombiningMarkIsStillAnOptionWord() {
    #expect(usageError(["cat", "-\u{301}"])?.kind == .unknownOption)
  }

  @Test func aMinusSignFollowedByACombiningMarkIsNotANegativeNumber() {
    #expect(usageError(["account", "update", "1", "--delta", "-5\u{301}"])?.kind == .missingValue)
  }
}
