import ArgumentKit

/// Groups the commands that change notices.
struct NoticeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notice", abstract: "Add, update, dismiss or remove notices.",
    subcommands: [
      NoticeAddCommand.self, NoticeUpdateCommand.self, NoticeDismissCommand.self,
      NoticeRemoveCommand.self,
    ])

  @OptionGroup var global: GlobalOptions
}
