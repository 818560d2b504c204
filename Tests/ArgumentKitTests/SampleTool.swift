import ArgumentKit

// A small command tree shaped like feedctl's, used as the specimen in every test.

struct GlobalOptions: ParsableArguments {
  @Option(help: "Database to connect to.", environment: "DATABASE_URL")
  var databaseURL: String?

  @Option(
    name: [.customShort("o"), .long], help: "Owner whose feed to change.",
    environment: "FEEDCTL_OWNER")
  var owner: String?

  @Flag(help: "Print without color.")
  var noColor = false
}

enum Format: String, CaseIterable, ExpressibleByArgument {
  case text
  case json
}

enum AccountKind: String, CaseIterable, ExpressibleByArgument {
  case checking
  case savings
}

struct SampleTool: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "feedctl", abstract: "Show and change account feeds.", version: "feedctl 1.2.3",
    subcommands: [Show.self, Account.self, Database.self, Diff.self, Cat.self],
    helpSections: [HelpSection(title: "EXIT CODES", body: "0  success\n2  usage error")])

  @OptionGroup var global: GlobalOptions
}

struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "Show an owner's feed.")

  @OptionGroup var global: GlobalOptions

  @Option(help: "Output format.")
  var format: Format = .text

  @Option(help: "Line width.")
  var width: Int?

  func run(_ context: CommandContext) throws {
    context.output.line("show \(global.owner ?? "-") \(format.rawValue)")
  }
}

struct Account: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "account", abstract: "Add or change accounts.",
    subcommands: [AccountAdd.self, AccountUpdate.self])

  @OptionGroup var global: GlobalOptions
}

struct AccountAdd: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add an account to an owner's feed.",
    discussion: "The account is placed after the owner's last account.")

  @OptionGroup var global: GlobalOptions

  @Option(help: "Display name.")
  var name: String

  @Option(help: "Balance in minor units.", valueName: "amount")
  var balance: Int64

  @Option(help: "Account kind.")
  var kind: AccountKind = .checking

  @Option(help: "A label; repeat for several.")
  var tag: [String] = []

  @Flag(inversion: .prefixedNo, help: "Hide the account from the feed.")
  var hidden: Bool?
}

/// What the application's own failures look like to the entry point.
struct NotFound: Error, CustomStringConvertible, ExitCodeProviding {
  let id: Int64
  var description: String { "no account with id \(id)" }
  var exitCode: Int32 { 4 }
}

struct AccountUpdate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "update", abstract: "Change an account.")

  @OptionGroup var global: GlobalOptions

  @Argument(help: "Account id.")
  var id: Int64

  @Option(help: "Set the balance.")
  var balance: Int64?

  @Option(help: "Add to the balance.")
  var delta: Int64?

  @Flag(inversion: .prefixedNo, help: "Hide the account.")
  var hidden: Bool?

  func validate() throws {
    if balance != nil, delta != nil {
      throw ValidationError("--balance and --delta cannot be used together; give one of them")
    }
  }

  func run(_ context: CommandContext) throws {
    if id == 404 { throw NotFound(id: id) }
    context.output.line("updated \(id)")
  }
}

struct Database: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "db", abstract: "Manage the embedded database.",
    subcommands: [DatabaseStart.self, DatabaseStatus.self], defaultSubcommand: DatabaseStatus.self)

  @OptionGroup var global: GlobalOptions
}

struct DatabaseStart: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "start", abstract: "Start the embedded database.")

  @OptionGroup var global: GlobalOptions

  func run(_ context: CommandContext) throws {
    context.output.line("started")
  }
}

struct DatabaseStatus: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status", abstract: "Say whether the embedded database runs.")

  @OptionGroup var global: GlobalOptions

  func run(_ context: CommandContext) throws {
    context.output.line("running")
  }
}

struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff", abstract: "Compare two feeds.",
    usage: ["[<from> [<to>]] [--exit-code]"])

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The older feed.")
  var from: String?

  @Argument(help: "The newer feed.")
  var to: String = "live"

  @Flag(help: "Exit with 1 when the feeds differ.")
  var exitCode = false

  func run(_ context: CommandContext) throws {
    context.output.line("\(from ?? "latest") -> \(to)")
    if exitCode, from != to { throw ExitCode(1) }
  }
}

struct Cat: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cat", abstract: "Print files.")

  @OptionGroup var global: GlobalOptions

  @Flag(name: .shortAndLong, help: "Number the lines.")
  var number = false

  @Argument(help: "Files to print; '-' is standard input.")
  var files: [String] = []
}

/// The command a command line selects, or a failed expectation.
func parsed<Command: ParsableCommand>(
  _ arguments: [String], as type: Command.Type, environment: [String: String] = [:]
) throws -> Command {
  guard case .run(let command, _) = try SampleTool.parse(arguments, environment: environment)
  else {
    throw ParseOutcome.notARun
  }
  guard let typed = command as? Command else { throw ParseOutcome.otherCommand("\(command)") }
  return typed
}

/// The usage error a command line causes, or `nil` when it parses.
func usageError(_ arguments: [String], environment: [String: String] = [:]) -> UsageError? {
  do {
    _ = try SampleTool.parse(arguments, environment: environment)
    return nil
  } catch {
    return error
  }
}

enum ParseOutcome: Error {
  case notARun
  case otherCommand(String)
}
