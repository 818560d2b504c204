import AccountModel
import ArgumentKit
import FeedComponents
import FeedService

/// Lists the owner's snapshots with what changed at each one.
struct LogCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "log",
    abstract: "List the owner's snapshots: sequence, time, label, reason, and what changed.")

  @OptionGroup var global: GlobalOptions
  @Option(help: "Show only the newest N snapshots (N ≥ 1).") var limit: Int?
  @Option(help: "Output format.") var format: OutputFormat = .text

  func validate() throws {
    if let limit, limit < 1 {
      throw ValidationError("invalid value '\(limit)' for --limit: it must be at least 1")
    }
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let entries = try workspace.service().history(owner: try workspace.owner(), limit: limit)
    switch format {
    case .json:
      workspace.printJSON(
        .array(
          entries.map { entry in
            var members = entry.info.json.objectValue ?? [:]
            members["summary"] = [
              "add": .integer(entry.summary.added), "change": .integer(entry.summary.changed),
              "remove": .integer(entry.summary.removed), "move": .integer(entry.summary.moved),
            ]
            return .object(members)
          }))
    case .text:
      for entry in entries.reversed() {
        let label = entry.info.label.map { "  [\($0)]" } ?? ""
        context.output.line(
          "\(entry.info.sequence)  \(ISO8601Time.string(from: entry.info.takenAt))\(label)  \(entry.info.reason): \(entry.summary)"
        )
      }
    }
  }
}
