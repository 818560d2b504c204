import ArgumentKit

/// Revokes a token: the next request made with it is refused.
struct TokenRevokeCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "revoke",
    abstract: "Revoke a token by id (the owner's only, with --owner); again is a no-op.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The token's id, as 'token list' shows it.") var id: Int64
  @Option(help: "Output format.") var format: OutputFormat = .text

  func validate() throws {
    try ArgumentChecks.positiveID(id, what: "token")
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let token = try workspace.service().revokeToken(id, in: workspace.scope)
    switch format {
    case .json: workspace.printJSON(token.json)
    case .text: context.output.line("revoked token \(token.id) of owner '\(token.ownerID)'")
    }
  }
}
