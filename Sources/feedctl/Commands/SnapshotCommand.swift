import ArgumentKit

/// Stores the owner's current feed as a snapshot, optionally under a label.
struct SnapshotCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "snapshot",
    abstract:
      "Store the owner's current feed, even when unchanged (every write that alters the screen also does)."
  )

  @OptionGroup var global: GlobalOptions
  @Option(help: "A name to refer to it by: a letter, then letters, digits, '.', '_' or '-'.")
  var label: String?
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let info = try workspace.service().takeSnapshot(owner: try workspace.owner(), label: label)
    switch format {
    case .json: workspace.printJSON(info.json)
    case .text:
      let labelText = info.label.map { " '\($0)'" } ?? ""
      context.output.line("snapshot \(info.sequence)\(labelText) of \(info.ownerID)")
    }
  }
}
