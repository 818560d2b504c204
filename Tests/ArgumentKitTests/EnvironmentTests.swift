import ArgumentKit
import Testing

@Suite("Environment fallback")
struct EnvironmentTests {
  @Test func variableFillsAnAbsentOption() throws {
    let show = try parsed(["show"], as: Show.self, environment: ["FEEDCTL_OWNER": "alice"])
    #expect(show.global.owner == "alice")
  }

  @Test func commandLineWinsOverTheVariable() throws {
    let show = try parsed(
      ["show", "--owner", "bob"], as: Show.self, environment: ["FEEDCTL_OWNER": "alice"])
    #expect(show.global.owner == "bob")
  }

  @Test func emptyVariableCountsAsUnset() throws {
    let show = try parsed(["show"], as: Show.self, environment: ["FEEDCTL_OWNER": ""])
    #expect(show.global.owner == nil)
  }

  @Test func unrelatedVariablesAreIgnored() throws {
    let show = try parsed(["show"], as: Show.self, environment: ["OWNER": "alice"])
    #expect(show.global.owner == nil)
  }
}

@Suite("Environment fallback of typed values")
struct TypedEnvironmentTests {
  struct Limit: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "limit")

    @Option(help: "Maximum rows.", environment: "LIMIT_ROWS")
    var rows: Int = 10

    @Flag(help: "Quiet.", environment: "LIMIT_QUIET")
    var quiet = false
  }

  private func limit(_ environment: [String: String]) throws -> Limit {
    guard case .run(let command, _) = try Limit.parse([], environment: environment) else {
      throw ParseOutcome.notARun
    }
    return try #require(command as? Limit)
  }

  @Test func variableIsConvertedToTheOptionType() throws {
    #expect(try limit(["LIMIT_ROWS": "25"]).rows == 25)
  }

  @Test func defaultIsUsedWithoutTheVariable() throws {
    #expect(try limit([:]).rows == 10)
  }

  @Test func malformedVariableIsAnErrorNamingTheVariable() {
    let error = #expect(throws: UsageError.self) {
      try Limit.parse([], environment: ["LIMIT_ROWS": "many"])
    }
    #expect(error?.message == "invalid value 'many' for LIMIT_ROWS: expected an integer")
  }

  @Test func anyNonEmptyValueTurnsAFlagOn() throws {
    #expect(try limit(["LIMIT_QUIET": "1"]).quiet)
  }
}
