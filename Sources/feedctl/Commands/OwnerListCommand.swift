import ArgumentKit

/// Lists every owner.
struct OwnerListCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List owners.")

  @OptionGroup var global: GlobalOptions
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let owners = try workspace.service().owners()
    switch format {
    case .json: workspace.printJSON(.array(owners.map(\.json)))
    case .text:
      for owner in owners { context.output.line("\(owner.id)\t\(owner.displayName)") }
    }
  }
}
