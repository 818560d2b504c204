import ArgumentKit
import FeedComponents
import FeedDiff
import FeedService

/// Compares two feeds and prints what a client must do to go from the first to the second.
struct DiffCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Show what changed between two feeds (default: latest snapshot → live).",
    usage: ["[A [B]] [--screen NAME] [--client-caps CAPS] [--format text|json] [--exit-code]"],
    discussion: """
      A and B are feed references: live, @ (the latest snapshot), @-N (N before it), a snapshot \
      number, a snapshot label, or a path to a feed JSON file (anything with a '/' or ending in \
      .json; write ./3 for a file named 3). With one reference, it is compared with live; with \
      none, the latest snapshot is. Two files need no database. With --screen or --client-caps, \
      both feeds must be of that screen, built for that client; live is built so. Exit code: 0 no differences (or \
      differences without --exit-code), 1 differences with --exit-code, 2 or more trouble.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var screen: ScreenOptions
  @Argument(help: "The feed to compare from (default: @).") var from: String?
  @Argument(help: "The feed to compare to (default: live).") var to: String?
  @Option(help: "Output format: a plan for people, or the staged changeset as JSON.")
  var format: OutputFormat = .text
  @Flag(help: "Exit with 1 when the feeds differ, as 'git diff --exit-code'.") var exitCode = false

  func validate() throws {
    _ = try ArgumentChecks.reference(from ?? "@")
    _ = try ArgumentChecks.reference(to ?? "live")
    try screen.validate()
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let source = try ArgumentChecks.reference(from ?? "@")
    let target = try ArgumentChecks.reference(to ?? "live")
    let comparison =
      screen.isRequested
      ? try workspace.service().compareScreen(
        source, target, screen: screen.screenName, owner: workspace.givenOwner,
        capabilities: try screen.capabilities())
      : try workspace.service().compare(source, target, owner: workspace.givenOwner)
    let changeset = comparison.changeset
    switch format {
    case .json:
      context.output.line(String(decoding: comparison.wire.encoded(), as: UTF8.self))
    case .text:
      context.output.line("diff \(source) → \(target)")
      context.output.write(changeset.planText(colored: workspace.useColor))
    }
    if exitCode, !changeset.summary.isEmpty {
      throw ExitCode.failure
    }
  }
}
