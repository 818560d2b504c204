import ArgumentKit
import FeedAssembler

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
  @Option(help: "Which screen: home (default), accounts, settings.", valueName: "name")
  var screen: String?
  @Option(help: "Output format.") var format: OutputFormat = .text

  func validate() throws {
    if let screen, !ScreenCatalog.isValidName(screen) {
      throw ValidationError(ScreenError.invalidName(screen).description)
    }
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let info = try workspace.service().takeSnapshot(
      owner: try workspace.owner(), screen: screen ?? ScreenCatalog.home, label: label)
    switch format {
    case .json: workspace.printJSON(info.json)
    case .text:
      let labelText = info.label.map { " '\($0)'" } ?? ""
      let screenText = info.screen == ScreenCatalog.home ? "" : ", screen \(info.screen)"
      context.output.line("snapshot \(info.sequence)\(labelText) of \(info.ownerID)\(screenText)")
    }
  }
}
