import ArgumentKit
import FeedService

/// Says whether the embedded PostgreSQL runs, and where; the exit code says it to scripts.
struct DbStatusCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "status", abstract: "Say whether the embedded PostgreSQL runs.",
    discussion: """
      Exits 0 when it runs and 3 (database unreachable) when it does not, as 'pg_ctl status' \
      does, so 'feedctl db status && …' works in scripts.
      """)

  @OptionGroup var global: GlobalOptions
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let embedded = EmbeddedDatabase(environment: context.environment)
    let port = try embedded.status()
    if format == .json {
      Workspace(global, context).printJSON(embedded.statusJSON(port: port))
    } else if let port {
      context.output.line(
        "running in \(embedded.directory) on port \(port) (socket \(embedded.socketDirectory))"
      )
    } else {
      context.output.line("not running (data directory \(embedded.directory))")
    }
    if port == nil {
      throw ExitCode(FeedctlError.Kind.unreachable.rawValue)
    }
  }
}
