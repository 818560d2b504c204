import ArgumentKit
import FeedComponents

/// Brings the configured database's schema up to date.
struct MigrateCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "migrate",
    abstract:
      "Apply the schema migrations this feedctl carries (the embedded database migrates itself).")

  @OptionGroup var global: GlobalOptions
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let applied = try workspace.service().migrate()
    if format == .json {
      let records: [JSONValue] = applied.map {
        ["version": .integer($0.version), "name": .string($0.name)]
      }
      workspace.printJSON(["applied": .array(records)])
      return
    }
    if applied.isEmpty {
      context.output.line("the schema is up to date")
    }
    for migration in applied {
      context.output.line("applied migration \(migration.version) \(migration.name)")
    }
  }
}
