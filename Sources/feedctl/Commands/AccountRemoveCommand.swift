import ArgumentKit

/// Removes an account from the owner's feed.
struct AccountRemoveCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove", abstract: "Remove an account.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The account's id.") var id: Int64
  @Option(help: "Refuse unless the account is at this version.", valueName: "version")
  var expectVersion: Int64?
  @Option(help: "Output format.") var format: OutputFormat = .text

  func validate() throws {
    try ArgumentChecks.positiveID(id, what: "account")
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let results = try workspace.apply(
      [.removeAccount(id: id, expectedVersion: expectVersion)], reason: "account remove \(id)")
    workspace.report(results, format: format)
  }
}
