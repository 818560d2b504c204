import AccountStore
import ArgumentKit
import FeedComponents
import FeedDiff
import FeedWire
import Foundation

/// Lists the owner's snapshots with what changed at each one.
struct LogCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "log",
    abstract: "List the owner's snapshots: sequence, time, label, reason, and what changed.")

  @OptionGroup var global: GlobalOptions
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let store = try workspace.store()
    let owner = try workspace.owner()
    var previous: [DiffSection] = []
    var entries: [(info: SnapshotInfo, summary: ChangeSummary)] = []
    for info in try store.snapshots(owner: owner) {
      let snapshot = try store.snapshot(owner: owner, sequence: info.sequence)
      let sections = DiffSection.sections(
        of: try FeedDocument(data: Data(snapshot.document.utf8)))
      entries.append((info, try StagedChangeset(source: previous, target: sections).summary))
      previous = sections
    }
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
          "\(entry.info.sequence)  \(entry.info.takenAt)\(label)  \(entry.info.reason): \(entry.summary)"
        )
      }
    }
  }
}
