import AccountModel
import ArgumentKit
import FeedVocabulary

/// Changes a notice's text, severity, dismissibility or place.
struct NoticeUpdateCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "update", abstract: "Change a notice.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The notice's id.") var id: Int64
  @Option(help: "New text, 1 to 500 characters.") var message: String?
  @Option(help: "New severity.") var severity: NoticeSeverity?
  @Flag(inversion: .prefixedNo, help: "Whether the person may dismiss it.") var dismissible: Bool?
  @Option(help: "New place among the notices, 0 or more.") var position: Int?
  @Option(help: "Show it from this time on (ISO 8601 time or date, or none).", valueName: "time")
  var activeFrom: WindowEdge?
  @Option(help: "Stop showing it at this time (ISO 8601 time or date, or none).", valueName: "time")
  var activeUntil: WindowEdge?
  @Option(help: "Refuse unless the notice is at this version.", valueName: "version")
  var expectVersion: Int64?
  @Option(help: "Output format.") var format: OutputFormat = .text

  func validate() throws {
    try ArgumentChecks.positiveID(id, what: "notice")
    _ = try ArgumentChecks.position(position)
    do throws(FieldError) {
      try update.requireChange()
    } catch {
      throw ValidationError(
        "\(error.reason); give at least one of --message, --severity, --dismissible/--no-dismissible, --position, --active-from, --active-until"
      )
    }
  }

  private var update: NoticeUpdate {
    NoticeUpdate(
      message: message, severity: severity, dismissible: dismissible,
      activeFrom: activeFrom.map(\.timestamp), activeUntil: activeUntil.map(\.timestamp),
      position: position.flatMap(Int32.init(exactly:)), expectedVersion: expectVersion)
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let results = try workspace.apply(
      [.updateNotice(id: id, update)], reason: "notice update \(id)")
    workspace.report(results, format: format)
  }
}
