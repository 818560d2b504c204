import AccountModel
import ArgumentKit
import FeedVocabulary

/// Adds a notice above the owner's accounts.
struct NoticeAddCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add a notice to the owner's feed.")

  @OptionGroup var global: GlobalOptions
  @Option(help: "The text, 1 to 500 characters.") var message: String
  @Option(help: "How urgent it is.") var severity: NoticeSeverity = .info
  @Flag(inversion: .prefixedNo, help: "Whether the person may dismiss it (default: yes).")
  var dismissible: Bool?
  @Option(help: "Place among the notices, 0 or more (default: last).") var position: Int?
  @Option(
    help: "Show it from this time on (ISO 8601 time or date; none or left out: from now).",
    valueName: "time")
  var activeFrom: WindowEdge?
  @Option(
    help: "Stop showing it at this time (ISO 8601 time or date; none or left out: never).",
    valueName: "time")
  var activeUntil: WindowEdge?
  @Option(help: "Output format.") var format: OutputFormat = .text

  func validate() throws {
    _ = try ArgumentChecks.position(position)
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let notice = NewNotice(
      message: message, severity: severity, dismissible: dismissible ?? true,
      activeFrom: activeFrom?.timestamp, activeUntil: activeUntil?.timestamp,
      position: try ArgumentChecks.position(position))
    let results = try workspace.apply(
      [.addNotice(ownerID: try workspace.owner(), notice)], reason: "notice add")
    workspace.report(results, format: format)
  }
}
