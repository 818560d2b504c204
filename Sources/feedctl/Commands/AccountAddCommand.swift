import AccountModel
import ArgumentKit

/// Adds an account to the owner's feed and records the new feed.
struct AccountAddCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add an account to the owner's feed.")

  @OptionGroup var global: GlobalOptions
  @Option(help: "Display name, 1 to 100 characters.") var name: String
  @Option(help: "Balance in minor units: 116848 or 116,848 (KRW 116,848원).", valueName: "amount")
  var balance: MinorUnits
  @Option(help: "ISO 4217 currency code.", valueName: "code") var currency = "KRW"
  @Option(help: "Kind of account: lowercase letters, digits, '_' or '-'.") var kind = "checking"
  @Option(help: "Place in the list, 0 or more (default: last).") var position: Int?
  @Flag(help: "Keep the account out of the feed.") var hidden = false
  @Option(help: "Output format.") var format: OutputFormat = .text

  func validate() throws {
    _ = try ArgumentChecks.currency(currency)
    _ = try ArgumentChecks.position(position)
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let account = NewAccount(
      name: name, kind: kind,
      balance: Money(minorUnits: balance.value, currency: try ArgumentChecks.currency(currency)),
      position: try ArgumentChecks.position(position), hidden: hidden)
    let results = try workspace.apply(
      [.addAccount(ownerID: try workspace.owner(), account)], reason: "account add")
    workspace.report(results, format: format)
  }
}
