import ArgumentKit
import FeedService

/// Stops the embedded PostgreSQL; its data stays.
struct DbStopCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "stop", abstract: "Stop the embedded PostgreSQL (its data is kept).")

  @OptionGroup var global: GlobalOptions
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let embedded = EmbeddedDatabase(environment: context.environment)
    let wasRunning = try embedded.status() != nil
    try embedded.stop()
    if format == .json {
      var state = embedded.statusJSON(port: nil).objectValue ?? [:]
      state["was_running"] = .bool(wasRunning)
      Workspace(global, context).printJSON(.object(state))
      return
    }
    context.output.line(
      wasRunning
        ? "stopped the embedded database in \(embedded.directory)"
        : "the embedded database in \(embedded.directory) was not running")
  }
}
