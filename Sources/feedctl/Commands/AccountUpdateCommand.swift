import AccountModel
import ArgumentKit
import FeedService

/// Changes an account's fields or adjusts its balance, optionally only if it is still at the
/// version the caller read.
struct AccountUpdateCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "update", abstract: "Change an account; --delta adjusts the balance atomically.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The account's id (see 'feedctl account list').") var id: Int64
  @Option(help: "New display name, 1 to 100 characters.") var name: String?
  @Option(help: "New balance in minor units.", valueName: "amount") var balance: MinorUnits?
  @Option(help: "Amount to add (negative to subtract), in minor units.", valueName: "amount")
  var delta: MinorUnits?
  @Option(help: "New kind.") var kind: String?
  @Option(
    help: "New ISO 4217 currency code (the balance keeps its minor units).", valueName: "code")
  var currency: String?
  @Option(help: "New place in the list, 0 or more.") var position: Int?
  @Flag(inversion: .prefixedNo, help: "Hide or show the account in the feed.") var hidden: Bool?
  @Option(help: "Refuse unless the account is at this version.", valueName: "version")
  var expectVersion: Int64?
  @Option(help: "Output format.") var format: OutputFormat = .text

  func validate() throws {
    try ArgumentChecks.positiveID(id, what: "account")
    if let currency { _ = try ArgumentChecks.currency(currency) }
    _ = try ArgumentChecks.position(position)
    do throws(FieldError) {
      if delta == nil { try update.requireChange() }
    } catch {
      throw ValidationError(
        "\(error.reason); give at least one of --name, --balance, --delta, --kind, --currency, --position, --hidden/--no-hidden"
      )
    }
  }

  private var update: AccountUpdate {
    AccountUpdate(
      name: name, kind: kind, balance: balance?.value, currency: currency.flatMap(Currency.init),
      position: position.flatMap(Int32.init(exactly:)), hidden: hidden,
      expectedVersion: expectVersion)
  }

  func execute(_ context: CommandContext) throws {
    let workspace = Workspace(global, context)
    let result = try workspace.service().updateAccount(
      id, update, delta: delta?.value, in: workspace.scope)
    workspace.report([result], format: format)
  }
}
