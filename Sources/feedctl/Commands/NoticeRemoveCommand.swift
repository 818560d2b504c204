import ArgumentKit

/// Removes a notice for good.
struct NoticeRemoveCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove", abstract: "Remove a notice.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The notice's id.") var id: Int64
  @Option(help: "Refuse unless the notice is at this version.", valueName: "version")
  var expectVersion: Int64?
  @Option(help: "Output format.") var format: OutputFormat = .text

  func validate() throws {
    try ArgumentChecks.positiveID(id, what: "notice")
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let results = try workspace.apply(
      [.removeNotice(id: id, expectedVersion: expectVersion)], reason: "notice remove \(id)")
    workspace.report(results, format: format)
  }
}
