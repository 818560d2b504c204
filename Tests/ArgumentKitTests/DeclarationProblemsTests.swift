import ArgumentKit
import Testing

@Suite("Declaration problems")
struct DeclarationProblemsTests {
  struct Clash: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clash")

    @OptionGroup var global: GlobalOptions

    @Option(name: [.customShort("o"), .customLong("output")], help: "Output file.")
    var output: String?
  }

  struct VariadicFirst: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "variadic")

    @Argument var files: [String] = []
    @Argument var target: String?
  }

  struct PlainProperty: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "plain")

    var count = 0
  }

  struct ReservedHelp: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reserved")

    @Flag(name: .customShort("h"), help: "Human sizes.")
    var human = false
  }

  struct Parent: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "parent", subcommands: [Clash.self, Clash.self],
      defaultSubcommand: PlainProperty.self)
  }

  @Test func sampleTreeHasNoProblems() {
    #expect(SampleTool.declarationProblems() == [])
  }

  @Test func sharedSpellingIsReported() {
    #expect(Clash.declarationProblems() == ["'clash': '-o' names both 'global.owner' and 'output'"])
  }

  @Test func variadicArgumentBeforeAnotherIsReported() {
    #expect(
      VariadicFirst.declarationProblems() == [
        "'variadic': variadic argument 'files' must be the last argument"
      ])
  }

  @Test func plainStoredPropertyIsReported() {
    #expect(
      PlainProperty.declarationProblems() == [
        "'plain': stored property 'count' is not @Option, @Flag, @Argument or @OptionGroup"
      ])
  }

  @Test func helpSpellingIsReserved() {
    #expect(
      ReservedHelp.declarationProblems() == [
        "'reserved': 'human' uses a spelling reserved for help"
      ])
  }

  @Test func subcommandProblemsAreReportedWithTheirPath() {
    #expect(
      Parent.declarationProblems() == [
        "'parent': two subcommands are named 'clash'",
        "'parent': the default subcommand is not one of its subcommands",
        "'parent clash': '-o' names both 'global.owner' and 'output'",
        "'parent clash': '-o' names both 'global.owner' and 'output'",
      ])
  }
}
