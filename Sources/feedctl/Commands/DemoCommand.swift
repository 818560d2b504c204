import ArgumentKit

/// Creates the owner `demo` with seed 000's "내 계좌" data, if it is not there yet, and shows
/// its feed. Running it again adds only what is missing, so a second run changes nothing.
struct DemoCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Create the demo owner with seed 000's accounts (once) and show its feed.")

  @OptionGroup var global: GlobalOptions
  @Option(help: "Output format: the screen as text, or the feed document as JSON.")
  var format: OutputFormat = .text
  @Option(help: "Screen width, 8 to 500 (default: COLUMNS, else the terminal's up to 60, else 40).")
  var width: Int?

  func validate() throws {
    try ArgumentChecks.width(width)
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    workspace.printFeed(try workspace.service().seedDemo(), format: format, width: width)
  }
}
