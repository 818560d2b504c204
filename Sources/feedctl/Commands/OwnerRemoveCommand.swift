import ArgumentKit

/// Removes an owner with all of its accounts, notices and snapshots.
struct OwnerRemoveCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Remove an owner with its accounts, notices and snapshots (needs --yes).")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The owner's id.") var id: String
  @Flag(help: "Confirm: the owner's whole history goes with it.") var yes = false
  @Option(help: "Output format.") var format: OutputFormat = .text

  func validate() throws {
    guard yes else {
      throw ValidationError(
        "removing owner '\(id)' also removes its accounts, notices and snapshots; pass --yes to confirm"
      )
    }
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let results = try workspace.service().apply(
      [.removeOwner(id: id)], in: workspace.scope, reason: "owner remove")
    workspace.report(results, format: format)
  }
}
