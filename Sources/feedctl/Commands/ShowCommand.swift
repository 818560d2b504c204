import ArgumentKit
import FeedService

/// Shows an owner's feed as the phone would draw it, or as its JSON document.
struct ShowCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "Show the owner's feed (live, or as stored in a snapshot).")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var screen: ScreenOptions
  @Option(help: "Which feed: live, @, @-N, a snapshot number or label, or a feed JSON file.")
  var at = "live"
  @Option(help: "Output format: the screen as text, or the feed document as JSON.")
  var format: OutputFormat = .text
  @Option(help: "Screen width, 8 to 500 (default: COLUMNS, else the terminal's up to 60, else 40).")
  var width: Int?

  func validate() throws {
    _ = try ArgumentChecks.reference(at)
    try ArgumentChecks.width(width)
    try screen.validate()
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let reference = try ArgumentChecks.reference(at)
    let document =
      screen.isRequested
      ? try workspace.service().screenDocument(
        reference, screen: screen.screenName, owner: workspace.givenOwner,
        capabilities: try screen.capabilities())
      : try workspace.document(reference)
    workspace.printFeed(document, format: format, width: width)
  }
}
