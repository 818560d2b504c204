import ArgumentKit

/// Stops the embedded PostgreSQL; its data stays.
struct DbStopCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "stop", abstract: "Stop the embedded PostgreSQL (its data is kept).")

  @OptionGroup var global: GlobalOptions

  func execute(_ context: CommandContext) throws {
    let embedded = EmbeddedDatabase(environment: context.environment)
    let wasRunning = try embedded.cluster.status() != nil
    try embedded.cluster.stop()
    context.output.line(
      wasRunning
        ? "stopped the embedded database in \(embedded.cluster.directory)"
        : "the embedded database in \(embedded.cluster.directory) was not running")
  }
}
