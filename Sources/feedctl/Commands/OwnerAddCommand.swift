import AccountModel
import ArgumentKit

/// Adds an owner, whose feed starts empty.
struct OwnerAddCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add an owner.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "Owner id: lowercase letters, digits, '_' or '-', at most 64.") var id: String
  @Option(help: "Display name (default: the id).") var name: String?
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let results = try workspace.service().apply(
      [.addOwner(id: id, displayName: name ?? id)], in: workspace.scope, reason: "owner add")
    workspace.report(results, format: format)
  }
}
