import ArgumentKit

/// The root command: global options, `--version`, and the table of exit codes.
struct Feedctl: ParsableCommand {
  static let version = "feedctl 0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "feedctl",
    abstract: "Show, change, snapshot and diff account feeds.",
    discussion: """
      With no database configured (no --database-url, DATABASE_URL or PG* variable), feedctl \
      starts and migrates a private PostgreSQL on first use and reuses it; see 'feedctl db --help'. \
      Start with 'feedctl demo'.
      """,
    version: version,
    subcommands: [
      DemoCommand.self, ShowCommand.self, OwnerCommand.self, AccountCommand.self,
      NoticeCommand.self, ApplyCommand.self, SnapshotCommand.self, LogCommand.self,
      DiffCommand.self, TokenCommand.self, MigrateCommand.self, DbCommand.self,
    ],
    helpSections: [
      HelpSection(
        title: "ENVIRONMENT",
        body: """
          DATABASE_URL      the database, as for --database-url
          PGHOST, PGPORT …  libpq's variables, used when no URL is given
          FEEDCTL_OWNER     the owner, as for --owner
          FEEDCTL_CONFIG    the layout file, as for --config
          FEEDCTL_DATA_DIR  where the embedded database lives
          NO_COLOR          print without colour
          COLUMNS           screen width for 'show'
          """),
      HelpSection(
        title: "EXIT CODES",
        body: """
          0  success (diff: no differences)
          1  differences found (diff --exit-code)
          2  usage or input error
          3  database unreachable (db status: not running)
          4  not found (owner, account, notice, snapshot, file)
          5  version conflict (--expect-version)
          6  already exists (owner, snapshot label)
          7  database error (refused statement, migrations)
          8  the embedded database could not be set up or started (its directory
             is a file, not writable, not empty, or too long a path; the server failed)
          74 standard output could not be written (e.g. a full disk)
          """),
    ])

  @OptionGroup var global: GlobalOptions
}
