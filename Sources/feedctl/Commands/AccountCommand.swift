import ArgumentKit

/// Groups the commands that change accounts.
struct AccountCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "account", abstract: "List, add, update or remove accounts.",
    subcommands: [
      AccountListCommand.self, AccountAddCommand.self, AccountUpdateCommand.self,
      AccountRemoveCommand.self,
    ])

  @OptionGroup var global: GlobalOptions
}
