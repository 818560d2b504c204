import ArgumentKit

/// Groups the commands about the phone API's bearer tokens.
struct TokenCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "token", abstract: "Create, list or revoke bearer tokens for the feed server.",
    subcommands: [TokenCreateCommand.self, TokenListCommand.self, TokenRevokeCommand.self])

  @OptionGroup var global: GlobalOptions
}
