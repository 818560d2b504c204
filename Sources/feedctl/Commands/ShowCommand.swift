import ArgumentKit
import FeedComponents

/// Shows an owner's feed as the phone would draw it, or as its JSON document.
struct ShowCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "Show the owner's feed (live, or as stored in a snapshot).")

  @OptionGroup var global: GlobalOptions
  @Option(help: "Which feed: live, @, @-N, a snapshot number or label, or a feed JSON file.")
  var at = "live"
  @Option(help: "Output format: the screen as text, or the feed document as JSON.")
  var format: OutputFormat = .text
  @Option(help: "Screen width in columns (default: the terminal's, at most 60; else 40).")
  var width: Int?

  func validate() throws {
    _ = try FeedReference(at)
    if let width, !(8...500).contains(width) {
      throw ValidationError("invalid value '\(width)' for --width: expected 8 to 500 columns")
    }
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let document = try FeedReference(at).document(in: workspace)
    switch format {
    case .json:
      context.output.write(String(decoding: document.encoded(pretty: true), as: UTF8.self))
    case .text:
      context.output.write(
        FeedTextRenderer(width: workspace.width(width), color: workspace.useColor).render(document))
    }
  }
}
