import ArgumentKit

/// Changes an owner's display name.
struct OwnerRenameCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename", abstract: "Change an owner's display name.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The owner's id.") var id: String
  @Option(help: "New display name, 1 to 100 characters.") var name: String
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let results = try workspace.service().apply(
      [.renameOwner(id: id, displayName: name)], in: workspace.scope, reason: "owner rename")
    workspace.report(results, format: format)
  }
}
