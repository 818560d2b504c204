import ArgumentKit

/// Lists tokens without their secrets: the owner's with --owner, everyone's without.
struct TokenListCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List tokens (the owner's with --owner), never their secrets.")

  @OptionGroup var global: GlobalOptions
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let tokens = try workspace.service().tokens(in: workspace.scope)
    switch format {
    case .json: workspace.printJSON(.array(tokens.map(\.json)))
    case .text:
      for token in tokens { context.output.line(token.line) }
    }
  }
}
