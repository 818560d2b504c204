import ArgumentKit

/// Groups the commands about owners.
struct OwnerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "owner", abstract: "Add, list, rename or remove owners.",
    subcommands: [
      OwnerAddCommand.self, OwnerListCommand.self, OwnerRenameCommand.self, OwnerRemoveCommand.self,
    ])

  @OptionGroup var global: GlobalOptions
}
