import ArgumentKit
import FeedAssembler

/// Lists the owner's accounts with their ids and versions, hidden ones included.
struct AccountListCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List the owner's accounts (ids, versions, hidden ones too).")

  @OptionGroup var global: GlobalOptions
  @Option(help: "Output format.") var format: OutputFormat = .text

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let accounts = try workspace.service().accounts(owner: try workspace.owner())
    switch format {
    case .json:
      workspace.printJSON(.array(accounts.map(\.json)))
    case .text:
      for account in accounts {
        let hidden = account.hidden ? "  (hidden)" : ""
        context.output.line(
          "\(account.id)\t\(account.name)\t\(MoneyFormatter().string(for: account.balance))\t\(account.kind)\tv\(account.version)\(hidden)"
        )
      }
    }
  }
}
