/// A command: a static configuration, its declared arguments, and `run`.
///
/// Parsing and doing are kept apart: `parse` (see `ParsableCommand+Parsing.swift`) turns words
/// into a fully typed value or a `UsageError` without side effects, and only then does `run`
/// act. `run` is synchronous because the work underneath (libpq) is blocking.
///
/// ```swift
/// struct Tool: ParsableCommand {
///   static let configuration = CommandConfiguration(
///     commandName: "tool", abstract: "Do things.", version: "tool 1.0",
///     subcommands: [Greet.self])
///   @OptionGroup var global: GlobalOptions
/// }
///
/// struct Greet: ParsableCommand {
///   static let configuration = CommandConfiguration(commandName: "greet", abstract: "Say hello.")
///   @OptionGroup var global: GlobalOptions
///   @Argument(help: "Who to greet.") var name: String
///
///   func run(_ context: CommandContext) throws {
///     context.output.line("hello \(name)")
///   }
/// }
///
/// // main.swift
/// Tool.main()
/// ```
public protocol ParsableCommand: ParsableArguments {
  static var configuration: CommandConfiguration { get }

  /// Does the work. Throw `ExitCode` to end with a code and no message, a `ValidationError` for
  /// bad input, or any error of the application (`ExitCodeProviding` chooses its exit code).
  func run(_ context: CommandContext) throws
}

extension ParsableCommand {
  /// A command that only groups subcommands never runs itself: the parser requires a
  /// subcommand. Any other command without `run` prints its help.
  public func run(_ context: CommandContext) throws {
    context.output.write(HelpFormatter(path: [Self.self]).text)
  }
}
