import ArgumentKit

/// Groups the commands that change notices.
struct NoticeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notice", abstract: "List, add, update, dismiss or remove notices.",
    subcommands: [
      NoticeListCommand.self, NoticeAddCommand.self, NoticeUpdateCommand.self,
      NoticeDismissCommand.self,
      NoticeRemoveCommand.self,
    ])

  @OptionGroup var global: GlobalOptions
}
