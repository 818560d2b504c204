import ArgumentKit

/// Groups the commands for the embedded PostgreSQL.
struct DbCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "db", abstract: "Start, stop or inspect the embedded PostgreSQL.",
    discussion: """
      The embedded database lives in $FEEDCTL_DATA_DIR if set; otherwise in /var/lib/accountfeed \
      when running as root, else $XDG_STATE_HOME/accountfeed, else ~/.local/state/accountfeed. \
      The directory must be new, empty or one feedctl made; a directory holding other files is \
      refused (exit 8), never taken over. Commands start it on demand; it keeps running until \
      'feedctl db stop'.
      """,
    subcommands: [DbStartCommand.self, DbStopCommand.self, DbStatusCommand.self],
    defaultSubcommand: DbStatusCommand.self)

  @OptionGroup var global: GlobalOptions
}
