import ArgumentKit
import FeedComponents
import FeedDiff
import FeedWire

/// Compares two feeds and prints what a client must do to go from the first to the second.
struct DiffCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Show what changed between two feeds (default: latest snapshot → live).",
    usage: ["[A [B]] [--format text|json] [--exit-code]"],
    discussion: """
      A and B are feed references: live, @ (the latest snapshot), @-N (N before it), a snapshot \
      number, a snapshot label, or a path to a feed JSON file (anything with a '/' or ending in \
      .json; write ./3 for a file named 3). With one reference, it is compared with live; with \
      none, the latest snapshot is. Two files need no database. Exit code: 0 no differences (or \
      differences without --exit-code), 1 differences with --exit-code, 2 or more trouble.
      """)

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The feed to compare from (default: @).") var from: String?
  @Argument(help: "The feed to compare to (default: live).") var to: String?
  @Option(help: "Output format: a plan for people, or the staged changeset as JSON.")
  var format: OutputFormat = .text
  @Flag(help: "Exit with 1 when the feeds differ, as 'git diff --exit-code'.") var exitCode = false

  func validate() throws {
    _ = try FeedReference(from ?? "@")
    _ = try FeedReference(to ?? "live")
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let source = try FeedReference(from ?? "@")
    let target = try FeedReference(to ?? "live")
    let sourceDocument = try source.document(in: workspace)
    let targetDocument = try target.document(in: workspace)
    let changeset = try StagedChangeset(
      source: DiffSection.sections(of: sourceDocument),
      target: DiffSection.sections(of: targetDocument))
    switch format {
    case .json:
      let wire = WireChangeset(changeset, base: sourceDocument, target: targetDocument)
      context.output.line(String(decoding: wire.encoded(), as: UTF8.self))
    case .text:
      context.output.line("diff \(source) → \(target)")
      context.output.write(changeset.planText(colored: workspace.useColor))
    }
    if exitCode, !changeset.summary.isEmpty {
      throw ExitCode.failure
    }
  }
}
