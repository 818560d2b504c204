import ArgumentKit
import Testing

@Suite("Suggestions")
struct SuggestionTests {
  @Test func transposedLettersAreSuggested() {
    #expect(
      usageError(["show", "--fromat", "json"])?.message.hasSuffix("did you mean '--format'?")
        == true)
  }

  @Test func abbreviationIsCompleted() {
    #expect(
      usageError(["show", "--wid", "3"])?.message.hasSuffix("did you mean '--width'?") == true)
  }

  @Test func farOffWordHasNoSuggestion() {
    #expect(usageError(["show", "--xyzzy"])?.message.contains("did you mean") == false)
  }

  @Test func misspeltNegativeFlagSuggestsTheInvertedSpelling() {
    let error = usageError(["account", "update", "1", "--no-hiden"])
    #expect(error?.message == "unknown option '--no-hiden'; did you mean '--no-hidden'?")
  }
}

@Suite("Suggestion thresholds")
struct SuggestionThresholdTests {
  @Test func oneEditInAShortWordIsSuggested() {
    let error = usageError(["account", "add", "--tg", "x"])
    #expect(error?.message == "unknown option '--tg'; did you mean '--tag'?")
  }

  @Test func threeEditsAwayIsNotSuggested() {
    let error = usageError(["show", "--fmt", "json"])
    #expect(error?.message == "unknown option '--fmt'; see 'feedctl show --help' for the options")
  }

  @Test func singleLetterShortOptionIsNotGuessed() {
    let error = usageError(["show", "-x"])
    #expect(error?.message == "unknown option '-x'; see 'feedctl show --help' for the options")
  }
}
