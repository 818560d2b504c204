import ArgumentKit
import Testing

/// Every wrapper written without arguments, the shortest form a command can use.
@Suite("Bare declarations")
struct BareDeclarationTests {
  struct Bare: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bare")

    @Option var name: String
    @Option var width: Int?
    @Option var tag: [String]
    @Flag var verbose: Bool
    @Argument var id: Int64
    @Argument var label: String?
    @Argument var rest: [String]
  }

  private func bare(_ arguments: [String]) throws -> Bare {
    guard case .run(let command, _) = try Bare.parse(arguments) else {
      throw ParseOutcome.notARun
    }
    return try #require(command as? Bare)
  }

  @Test func requiredBareOptionIsRequired() {
    let error = #expect(throws: UsageError.self) { try Bare.parse(["7"]) }
    #expect(error?.message == "missing required option '--name <name>'")
  }

  @Test func bareShapesTakeTheirValues() throws {
    let value = try bare(
      ["--name", "n", "--width", "3", "--tag", "a", "--verbose", "7", "first", "x", "y"])
    #expect(value.name == "n")
    #expect(value.width == 3)
    #expect(value.tag == ["a"])
    #expect(value.verbose)
    #expect(value.id == 7)
    #expect(value.label == "first")
    #expect(value.rest == ["x", "y"])
  }

  @Test func bareShapesHaveTheirEmptyValuesWhenAbsent() throws {
    let value = try bare(["--name", "n", "7"])
    #expect(value.width == nil)
    #expect(value.tag == [])
    #expect(value.verbose == false)
    #expect(value.label == nil)
    #expect(value.rest == [])
  }
}
