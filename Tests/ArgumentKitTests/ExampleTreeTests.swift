import ArgumentKit
import Testing

// The two-level tree given to the feedctl engineer as the pattern to copy; these tests keep it
// compiling and behaving as described.

struct Globals: ParsableArguments {
  @Option(help: "PostgreSQL URL.", environment: "DATABASE_URL")
  var databaseURL: String?

  @Option(name: [.customShort("o"), .long], help: "Owner id.", environment: "FEEDCTL_OWNER")
  var owner: String?

  @Flag(help: "Print without color.", environment: "NO_COLOR")
  var noColor = false
}

enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
  case text, json
}

struct AppError: Error, CustomStringConvertible, ExitCodeProviding {
  let description: String
  let exitCode: Int32
}

struct Feedctl: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "feedctl",
    abstract: "Show, change, snapshot and diff account feeds.",
    version: "feedctl 0.1.0",
    subcommands: [AccountCommand.self, DbCommand.self],
    helpSections: [
      HelpSection(
        title: "EXIT CODES",
        body:
          "0  success\n1  differences found (diff --exit-code)\n2  usage or input error\n3  database unreachable"
      )
    ])

  @OptionGroup var global: Globals
}

struct AccountCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "account", abstract: "Add, update or remove accounts.",
    subcommands: [AccountAddCommand.self])

  @OptionGroup var global: Globals
}

struct AccountAddCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add an account.")

  @OptionGroup var global: Globals
  @Option(help: "Display name.") var name: String
  @Option(help: "Balance in minor units.", valueName: "amount") var balance: Int64
  @Option(help: "Position in the list.") var position: Int?
  @Flag(inversion: .prefixedNo, help: "Hide it from the feed.") var hidden: Bool?
  @Option(help: "Output format.") var format: OutputFormat = .text

  func validate() throws {
    if name.isEmpty || name.count > 100 {
      throw ValidationError("--name must be 1 to 100 characters, got \(name.count)")
    }
  }

  func run(_ context: CommandContext) throws {
    guard let owner = global.owner else {
      throw ValidationError("no owner given; pass --owner or set FEEDCTL_OWNER")
    }
    if global.databaseURL == "down" {
      throw AppError(description: "database unreachable", exitCode: 3)
    }
    context.output.line("added \(name) (\(balance)) for \(owner)")
  }
}

struct DbCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "db", abstract: "Manage the embedded PostgreSQL.",
    subcommands: [DbStatusCommand.self], defaultSubcommand: DbStatusCommand.self)

  @OptionGroup var global: Globals
}

struct DbStatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status", abstract: "Say whether it runs.")

  @OptionGroup var global: Globals

  func run(_ context: CommandContext) throws {
    context.output.line("running")
  }
}

@Suite("Example tree")
struct ExampleTreeTests {
  private func run(_ arguments: [String], environment: [String: String] = [:]) -> (
    code: Int32, output: String, error: String
  ) {
    let output = TextBuffer()
    let error = TextBuffer()
    let code = Feedctl.main(
      arguments, environment: environment, output: output.sink, errorOutput: error.sink)
    return (code, output.text, error.text)
  }

  @Test func treeHasNoDeclarationProblems() {
    #expect(Feedctl.declarationProblems() == [])
  }

  @Test func ownerComesFromTheEnvironment() {
    let result = run(
      ["account", "add", "--name", "Savings", "--balance", "-5"],
      environment: ["FEEDCTL_OWNER": "alice"])
    #expect(result.output == "added Savings (-5) for alice\n")
  }

  @Test func runCanRejectInputAsAUsageError() {
    let result = run(["account", "add", "--name", "Savings", "--balance", "5"])
    #expect(result.code == 2)
    #expect(result.error == "feedctl: error: no owner given; pass --owner or set FEEDCTL_OWNER\n")
  }

  @Test func validateRejectsAnEmptyName() {
    let result = run(["-o", "alice", "account", "add", "--name=", "--balance", "5"])
    #expect(result.error == "feedctl: error: --name must be 1 to 100 characters, got 0\n")
  }

  @Test func applicationErrorCarriesItsExitCode() {
    let result = run([
      "account", "add", "-o", "a", "--name", "n", "--balance", "1", "--database-url", "down",
    ])
    #expect(result.code == 3)
  }

  @Test func noColorVariableTurnsTheFlagOn() throws {
    guard case .run(let command, _) = try Feedctl.parse(["db"], environment: ["NO_COLOR": "1"])
    else {
      Issue.record("expected a command to run")
      return
    }
    #expect((command as? DbStatusCommand)?.global.noColor == true)
  }
}
