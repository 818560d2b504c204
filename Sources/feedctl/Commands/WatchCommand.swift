import AccountModel
import ArgumentKit
import FeedComponents
import FeedService
import Foundation

/// Prints each change to the owner's feed as it happens, through the same live mechanism the
/// feed server pushes with (`FeedEvents`), until interrupted.
struct WatchCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Print each change to the owner's feed as it happens, until interrupted.",
    usage: ["[--format text|json]"],
    discussion: """
      Starts from the live feed and prints every change after it: a plan as 'diff' prints one \
      (text), or one feeddiff.changeset/2 per line (json). Writes by any program count, psql \
      included, and so do notice windows opening or closing. A line on standard error says when \
      it is watching. Ctrl-C (SIGINT) or SIGTERM stops it with exit code 0.
      """)

  @OptionGroup var global: GlobalOptions
  @Option(help: "Output format: a plan per change, or changeset/2 JSON lines.")
  var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    // Before any thread starts, so a signal sent as soon as the "watching" line appears waits
    // for `wait()` instead of being lost or killing the process.
    ShutdownSignals.block()
    let workspace = Workspace(global, context)
    let owner = try workspace.owner()
    let service = try workspace.service()
    // Listening starts before the first read, so a commit between the two is in that read or
    // wakes the subscription; it is never missed. Watching compares live documents and records
    // nothing as shown, as `diff` does.
    let follower = FeedFollower(
      service: service, scope: .owner(owner), holding: nil, mode: .compareLive)
    let events = try FeedEvents(service: service)
    let print = Printer(format: format, colored: workspace.useColor, output: context.output)
    let errors = context.errorOutput
    let subscription = events.subscribe(.owner(owner)) {
      do {
        try follower.catchUp(print.callAsFunction)
      } catch {
        errors.line("feedctl: error: \(FeedctlError(classifying: error).description)")
      }
    }
    try follower.catchUp(print.callAsFunction)
    let start = follower.digest ?? ""
    errors.line(
      "watching the feed of owner '\(owner)' at \(start.prefix(12)); stop with Ctrl-C")
    _ = ShutdownSignals.wait()
    subscription.cancel()
    events.stop()
  }

  /// Prints each comparison the follower delivers: a time, the two digests and the plan
  /// (text), or one changeset/2 line (json).
  struct Printer: Sendable {
    let format: OutputFormat
    let colored: Bool
    let output: TextSink

    func callAsFunction(_ update: FeedFollower.Update) {
      // A follower comparing live documents delivers nothing but comparisons.
      guard case .comparison(let comparison) = update else { return }
      switch format {
      case .json:
        output.line(String(decoding: comparison.wire.encoded(), as: UTF8.self))
      case .text:
        output.line(
          "\(ISO8601Time.string(from: Date())) \(comparison.source.digest.prefix(12)) → \(comparison.target.digest.prefix(12))"
        )
        output.write(comparison.changeset.planText(colored: colored))
      }
    }
  }
}
