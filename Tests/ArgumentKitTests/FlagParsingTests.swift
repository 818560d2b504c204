import ArgumentKit
import Testing

@Suite("Flags")
struct FlagParsingTests {
  @Test func plainFlagIsFalseWhenAbsent() throws {
    let show = try parsed(["show"], as: Show.self)
    #expect(show.global.noColor == false)
  }

  @Test func plainFlagIsTrueWhenGiven() throws {
    let show = try parsed(["show", "--no-color"], as: Show.self)
    #expect(show.global.noColor == true)
  }

  @Test func shortFlagIsAccepted() throws {
    let cat = try parsed(["cat", "-n"], as: Cat.self)
    #expect(cat.number == true)
  }

  @Test func invertedFlagIsNilWhenNeitherSpellingIsGiven() throws {
    let update = try parsed(["account", "update", "1"], as: AccountUpdate.self)
    #expect(update.hidden == nil)
  }

  @Test func invertedFlagIsTrueForThePositiveSpelling() throws {
    let update = try parsed(["account", "update", "1", "--hidden"], as: AccountUpdate.self)
    #expect(update.hidden == true)
  }

  @Test func invertedFlagIsFalseForTheNegativeSpelling() throws {
    let update = try parsed(["account", "update", "1", "--no-hidden"], as: AccountUpdate.self)
    #expect(update.hidden == false)
  }

  @Test func lastSpellingOfAnInvertedFlagWins() throws {
    let update = try parsed(
      ["account", "update", "1", "--no-hidden", "--hidden"], as: AccountUpdate.self)
    #expect(update.hidden == true)
  }

  @Test func flagGivenAValueIsAnError() {
    let error = usageError(["show", "--no-color=yes"])
    #expect(
      error?.message
        == "flag '--no-color' does not take a value (got 'yes'); write '--no-color' alone")
  }
}
