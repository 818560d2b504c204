import ArgumentKit

/// The options every command accepts, before or after its name.
struct GlobalOptions: ParsableArguments {
  @Option(
    help:
      "PostgreSQL URL or keyword string (default: DATABASE_URL, then PG* variables, then the embedded database).",
    valueName: "url", environment: "DATABASE_URL")
  var databaseURL: String?

  @Option(
    name: [.customShort("o"), .long], help: "The owner whose feed to use.", valueName: "id",
    environment: "FEEDCTL_OWNER")
  var owner: String?

  @Option(
    help: "Layout file of the home screen (default: the built-in layout of seed 000's screen).",
    valueName: "file", environment: "FEEDCTL_CONFIG")
  var config: String?

  @Flag(help: "Print without ANSI colour (also NO_COLOR).", environment: "NO_COLOR")
  var noColor = false
}
