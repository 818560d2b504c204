import ArgumentKit
import FeedService
import Foundation

/// Applies a JSON batch of changes atomically: all of them, or — if any is refused — none.
struct ApplyCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "apply",
    abstract: "Apply a JSON batch of changes from FILE or '-' (standard input), all or nothing.",
    discussion: """
      The batch is {"changes": [ … ]} or a bare array; each change has an "op" (owner.add, \
      owner.rename, owner.remove, account.add, account.update, account.adjust, account.remove, \
      notice.add, notice.update, notice.dismiss, notice.remove) and its fields; see the README. \
      With --owner, every change must concern that owner's rows. The batch may be at most \
      \(BoundedInput.byteLimit >> 20) MiB; a larger one, a directory, a closed standard input or an unreadable file is \
      refused with exit code 2, a missing file with 4.
      """)

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The batch file, or '-' for standard input.", valueName: "file") var file: String
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    // Read first, before anything else opens a file that could take a closed descriptor 0.
    let data = try readInput()
    let workspace = Workspace(global, context)
    let batch = try ChangeBatch(
      data: data, source: file == "-" ? "standard input" : "'\(file)'",
      defaultOwner: workspace.givenOwner)
    let results = try workspace.service().apply(batch, in: workspace.scope)
    workspace.report(results, format: format, batch: true)
  }

  private func readInput() throws -> Data {
    file == "-"
      ? try BoundedInput.standardInput()
      : try BoundedInput.contents(ofFile: file, named: "batch file '\(file)'")
  }
}
