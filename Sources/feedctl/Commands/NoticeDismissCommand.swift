import ArgumentKit

/// Dismisses a notice, as the person tapping its close button would.
struct NoticeDismissCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "dismiss", abstract: "Dismiss a notice (only dismissible ones).")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The notice's id.") var id: Int64
  @Option(help: "Output format.") var format: OutputFormat = .text

  func validate() throws {
    try ArgumentChecks.positiveID(id, what: "notice")
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let results = try workspace.apply([.dismissNotice(id: id)], reason: "notice dismiss \(id)")
    workspace.report(results, format: format)
  }
}
