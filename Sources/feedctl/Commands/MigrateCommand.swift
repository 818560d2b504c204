import ArgumentKit

/// Brings the configured database's schema up to date.
struct MigrateCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "migrate",
    abstract:
      "Apply the schema migrations this feedctl carries (the embedded database migrates itself).")

  @OptionGroup var global: GlobalOptions

  func execute(_ context: CommandContext) throws {
    let applied = try Workspace(global, context).store().migrate()
    if applied.isEmpty {
      context.output.line("the schema is up to date")
    }
    for migration in applied {
      context.output.line("applied migration \(migration.version) \(migration.name)")
    }
  }
}
