import ArgumentKit

/// Lists the owner's notices with their ids, versions and state, dismissed ones included.
struct NoticeListCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List the owner's notices (ids, versions, dismissed ones too).")

  @OptionGroup var global: GlobalOptions
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let rows = try workspace.service().feedRows(owner: try workspace.owner())
    switch format {
    case .json:
      workspace.printJSON(.array(rows.notices.map(\.json)))
    case .text:
      for notice in rows.notices {
        let state =
          notice.dismissedAt != nil
          ? "  (dismissed)" : notice.isShown(at: rows.readAt) ? "" : "  (outside its window)"
        context.output.line(
          "\(notice.id)\t\(notice.severity.rawValue)\t\(notice.message)\tv\(notice.version)\(state)"
        )
      }
    }
  }
}
