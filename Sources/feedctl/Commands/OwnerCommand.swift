import ArgumentKit

/// Groups the commands about owners.
struct OwnerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "owner", abstract: "Add or list owners.",
    subcommands: [OwnerAddCommand.self, OwnerListCommand.self])

  @OptionGroup var global: GlobalOptions
}
