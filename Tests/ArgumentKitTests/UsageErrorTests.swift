import ArgumentKit
import Testing

@Suite("Usage errors")
struct UsageErrorTests {
  @Test func unknownOptionSuggestsTheClosestSpelling() {
    let error = usageError(["account", "add", "--balanse", "5"])
    #expect(error?.kind == .unknownOption)
    #expect(error?.message == "unknown option '--balanse'; did you mean '--balance'?")
  }

  @Test func unknownOptionWithoutACloseSpellingPointsAtHelp() {
    let error = usageError(["show", "--zebra"])
    #expect(error?.message == "unknown option '--zebra'; see 'feedctl show --help' for the options")
  }

  @Test func unknownOptionBeforeTheSubcommandIsReportedForTheGroup() {
    let error = usageError(["--ownr", "alice", "show"])
    #expect(error?.message == "unknown option '--ownr'; did you mean '--owner'?")
  }

  @Test func unknownSubcommandSuggestsTheClosestName() {
    let error = usageError(["acount", "add"])
    #expect(error?.kind == .unknownSubcommand)
    #expect(error?.message == "unknown command 'acount' for 'feedctl'; did you mean 'account'?")
  }

  @Test func unknownSubcommandWithoutACloseNameListsTheChoices() {
    let error = usageError(["account", "frobnicate"])
    #expect(
      error?.message
        == "unknown command 'frobnicate' for 'feedctl account'; expected one of: add, update")
  }

  @Test func groupWithoutADefaultNeedsASubcommand() {
    let error = usageError(["account"])
    #expect(error?.message == "'feedctl account' needs a subcommand: add, update")
  }

  @Test func optionAtTheEndWithoutAValueIsMissingItsValue() {
    let error = usageError(["account", "add", "--name", "x", "--balance"])
    #expect(error?.message == "option '--balance' needs a value: --balance <amount>")
  }

  @Test func valueStartingWithADashSaysToAttachItWithEquals() {
    let error = usageError(["account", "add", "--name", "-urgent", "--balance", "1"])
    #expect(error?.kind == .missingValue)
    #expect(
      error?.message
        == "option '--name' needs a value; to pass one that starts with '-', write --name=-urgent")
  }

  @Test func shortOptionFollowedByADashWordPointsToItsLongName() {
    let error = usageError(["show", "-o", "-x"])
    #expect(
      error?.message
        == "option '-o' needs a value; to pass one that starts with '-', write --owner=-x")
  }

  @Test func missingRequiredOptionIsNamedWithItsValue() {
    let error = usageError(["account", "add", "--name", "x"])
    #expect(error?.kind == .missingOption)
    #expect(error?.message == "missing required option '--balance <amount>'")
  }

  @Test func missingRequiredArgumentIsNamed() {
    let error = usageError(["account", "update"])
    #expect(error?.kind == .missingArgument)
    #expect(error?.message == "missing required argument '<id>'")
  }

  @Test func extraArgumentIsUnexpected() {
    let error = usageError(["diff", "1", "2", "3"])
    #expect(error?.message == "unexpected argument '3'; 'feedctl diff' takes at most 2 arguments")
  }

  @Test func argumentToACommandWithoutArgumentsIsUnexpected() {
    let error = usageError(["show", "alice"])
    #expect(error?.message == "unexpected argument 'alice'; 'feedctl show' takes no arguments")
  }

  @Test func malformedIntegerNamesTheOptionAndTheValue() {
    let error = usageError(["account", "add", "--name", "x", "--balance", "abc"])
    #expect(error?.kind == .invalidValue)
    #expect(error?.message == "invalid value 'abc' for --balance: expected an integer")
  }

  @Test func overflowingIntegerStatesTheRange() {
    let error = usageError(["account", "add", "--name", "x", "--balance", "9223372036854775808"])
    #expect(
      error?.message
        == "invalid value '9223372036854775808' for --balance: expected an integer from -9223372036854775808 to 9223372036854775807"
    )
  }

  @Test func malformedArgumentNamesTheArgument() {
    let error = usageError(["account", "update", "seven"])
    #expect(error?.message == "invalid value 'seven' for <id>: expected an integer")
  }

  @Test func invalidEnumValueListsTheAllowedValues() {
    let error = usageError(["show", "--format", "xml"])
    #expect(error?.message == "invalid value 'xml' for --format: expected one of text, json")
  }

  @Test func invalidValueNamesTheSpellingTheUserTyped() {
    let error = usageError(["show", "-o", "x", "--width", "wide"])
    #expect(error?.message == "invalid value 'wide' for --width: expected an integer")
  }

  @Test func usageErrorsExitWithTwo() {
    #expect(usageError(["show", "--zebra"])?.exitCode == 2)
  }
}
