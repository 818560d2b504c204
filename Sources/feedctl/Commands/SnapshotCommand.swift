import ArgumentKit
import FeedAssembler
import FeedService
import Foundation

/// Stores the owner's current feed as a snapshot (or every owner's, with `--all`), optionally
/// under a label; `snapshot prune` removes old snapshots by a retention policy.
struct SnapshotCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "snapshot",
    abstract:
      "Store the owner's current feed, even when unchanged (every write that alters the screen also does); 'snapshot prune' removes old ones.",
    discussion: """
      'snapshot prune' removes the snapshots outside both limits given — not among each \
      screen's newest --keep-last and taken before --older-than — of --owner, or of every \
      owner without it, then every stored item no snapshot shows any more. Labelled snapshots \
      and each screen's latest are always kept. --dry-run reports what would go and changes \
      nothing.
      """)

  enum Action: String, CaseIterable, ExpressibleByArgument {
    case prune
  }

  @OptionGroup var global: GlobalOptions
  @Argument(help: "prune: remove old snapshots instead of taking one.") var action: Action?
  @Option(help: "A name to refer to it by: a letter, then letters, digits, '.', '_' or '-'.")
  var label: String?
  @Option(help: ScreenOptions.screenHelp, valueName: "name")
  var screen: String?
  @Flag(help: "Take a snapshot of every owner, 500 owners per transaction, in this process.")
  var all = false
  @Option(help: "prune: keep each screen's newest N snapshots (N ≥ 1).") var keepLast: Int?
  @Option(help: "prune: keep snapshots newer than this: 30d, 12h, 90m, or a time.")
  var olderThan: SnapshotAge?
  @Flag(help: "prune: report what would be removed and change nothing.") var dryRun = false
  @Option(help: "Output format.") var format: OutputFormat = .text

  func validate() throws {
    if let screen {
      guard ScreenCatalog.isValidName(screen) else {
        throw ValidationError(ScreenError.invalidName(screen).description)
      }
      guard action == nil, !all else {
        throw ValidationError("--screen takes one owner's snapshot; leave out 'prune' and --all")
      }
    }
    switch action {
    case .prune:
      if label != nil || all {
        throw ValidationError("--label and --all take snapshots; 'snapshot prune' removes them")
      }
      do {
        try FeedService.checkRetention(
          keepLast: keepLast, keepSince: olderThan.map { _ in Date() })
      } catch {
        throw ValidationError(error.description)
      }
    case nil:
      if keepLast != nil || olderThan != nil || dryRun {
        throw ValidationError("--keep-last, --older-than and --dry-run belong to 'snapshot prune'")
      }
    }
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    switch action {
    case .prune: try prune(workspace, context)
    case nil where all: try snapshotEveryOwner(workspace, context)
    case nil:
      let info = try workspace.service().takeSnapshot(
        owner: try workspace.owner(), screen: screen ?? ScreenCatalog.home, label: label)
      switch format {
      case .json: workspace.printJSON(info.json)
      case .text:
        let labelText = info.label.map { " '\($0)'" } ?? ""
        let screenText = info.screen == ScreenCatalog.home ? "" : ", screen \(info.screen)"
        context.output.line(
          "snapshot \(info.sequence)\(labelText) of \(info.ownerID)\(screenText)")
      }
    }
  }

  private func snapshotEveryOwner(_ workspace: Workspace, _ context: CommandContext) throws {
    // Two connections: one batch is drawn while the server stores the one before.
    let service = try workspace.service(pool: ConnectionPoolOptions(connections: 2))
    let count = try service.takeSnapshotOfEveryOwner(label: label) { info in
      if format == .json { workspace.printJSON(info.json) }
    }
    if format == .text {
      context.output.line("\(count) snapshot\(count == 1 ? "" : "s") taken")
    }
  }

  private func prune(_ workspace: Workspace, _ context: CommandContext) throws {
    let result = try workspace.service().pruneSnapshots(
      owner: workspace.givenOwner, keepLast: keepLast,
      keepSince: olderThan?.cutoff(now: Date()), dryRun: dryRun)
    switch format {
    case .json:
      workspace.printJSON([
        "snapshots": .integer(result.snapshots), "items": .integer(result.items),
        "dryRun": .bool(dryRun),
      ])
    case .text:
      let verb = dryRun ? "would remove" : "removed"
      context.output.line(
        "\(verb) \(result.snapshots) snapshot\(result.snapshots == 1 ? "" : "s") and \(result.items) stored item\(result.items == 1 ? "" : "s")"
      )
    }
  }
}
