import ArgumentKit
import Testing

/// A command used as its own root: custom names, a flag pair with a default, and a required
/// option that its environment variable can satisfy.
@Suite("Standalone command")
struct StandaloneCommandTests {
  struct Paint: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "paint", abstract: "Paint the feed.")

    @Option(name: .customLong("max"), help: "Most colors to use.")
    var maximum: Int = 3

    @Option(help: "Palette to load.", environment: "PAINT_PALETTE")
    var palette: String

    @Flag(inversion: .prefixedNo, help: "Use color.")
    var color = true

    @Argument(help: "What to paint.")
    var target: String = "all"
  }

  private func paint(_ arguments: [String], environment: [String: String] = [:]) throws -> Paint {
    guard case .run(let command, _) = try Paint.parse(arguments, environment: environment) else {
      throw ParseOutcome.notARun
    }
    return try #require(command as? Paint)
  }

  @Test func customLongNameReplacesThePropertyName() throws {
    #expect(try paint(["--max", "5", "--palette", "p"]).maximum == 5)
  }

  @Test func propertyNameIsNotAcceptedWhenACustomNameIsGiven() {
    #expect(throws: UsageError.self) { try paint(["--maximum", "5", "--palette", "p"]) }
  }

  @Test func environmentSatisfiesARequiredOption() throws {
    #expect(try paint([], environment: ["PAINT_PALETTE": "warm"]).palette == "warm")
  }

  @Test func invertedFlagWithADefaultKeepsItWhenAbsent() throws {
    #expect(try paint(["--palette", "p"]).color == true)
  }

  @Test func negativeSpellingOverridesATrueDefault() throws {
    #expect(try paint(["--palette", "p", "--no-color"]).color == false)
  }

  @Test func helpShowsTheFlagPairDefaultAndTheEnvironmentVariable() throws {
    guard case .help(let text) = try Paint.parse(["--help"]) else {
      Issue.record("expected help")
      return
    }
    let expected = """
      OVERVIEW: Paint the feed.

      USAGE: paint [--max <maximum>] --palette <palette> [--color/--no-color] [<target>]

      ARGUMENTS:
        <target>                What to paint. (default: all)

      OPTIONS:
        --max <maximum>         Most colors to use. (default: 3)
        --palette <palette>     Palette to load. (env: PAINT_PALETTE)
        --color/--no-color      Use color. (default: true)
        -h, --help              Show help information.

      """
    #expect(text == expected)
  }

  @Test func rootWithoutAVersionTreatsVersionAsUnknown() {
    let error = #expect(throws: UsageError.self) { try Paint.parse(["--version"]) }
    #expect(error?.kind == .unknownOption)
  }

  @Test func leafTreatsTheWordHelpAsAnArgument() throws {
    #expect(try paint(["help", "--palette", "p"]).target == "help")
  }
}
