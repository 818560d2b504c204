import ArgumentKit
import FeedService

/// Starts the embedded PostgreSQL (creating and migrating it on first use).
struct DbStartCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "start", abstract: "Start the embedded PostgreSQL and migrate it.")

  @OptionGroup var global: GlobalOptions
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let embedded = EmbeddedDatabase(environment: context.environment)
    try embedded.startMigrated()
    let port = try embedded.status()
    if format == .json {
      Workspace(global, context).printJSON(embedded.statusJSON(port: port))
      return
    }
    context.output.line(
      "embedded database running in \(embedded.directory) (port \(port.map(String.init) ?? "?"))"
    )
  }
}
