import ArgumentKit
import Testing

/// Expected texts are written out by hand from the layout the library documents.
@Suite("Help")
struct HelpTests {
  private func help(_ arguments: [String]) throws -> String {
    guard case .help(let text) = try SampleTool.parse(arguments) else {
      throw ParseOutcome.notARun
    }
    return text
  }

  private let accountAddHelp = """
    OVERVIEW: Add an account to an owner's feed.

    USAGE: feedctl account add [--database-url <database-url>] [--owner <owner>] [--no-color] --name <name> --balance <amount> [--kind <kind>] [--tag <tag> ...] [--hidden/--no-hidden]

    The account is placed after the owner's last account.

    OPTIONS:
      --database-url <database-url>
                              Database to connect to. (env: DATABASE_URL)
      -o, --owner <owner>     Owner whose feed to change. (env: FEEDCTL_OWNER)
      --no-color              Print without color.
      --name <name>           Display name.
      --balance <amount>      Balance in minor units.
      --kind <kind>           Account kind. (values: checking, savings; default: checking)
      --tag <tag>             A label; repeat for several.
      --hidden/--no-hidden    Hide the account from the feed.
      -h, --help              Show help information.

    """

  @Test func leafHelpShowsAbstractUsageDiscussionAndEveryOption() throws {
    #expect(try help(["account", "add", "--help"]) == accountAddHelp)
  }

  @Test func shortHelpFlagGivesTheSameHelp() throws {
    #expect(try help(["account", "add", "-h"]) == accountAddHelp)
  }

  @Test func helpSubcommandGivesTheHelpOfTheNamedCommand() throws {
    #expect(try help(["help", "account", "add"]) == accountAddHelp)
  }

  @Test func helpWinsOverMissingRequiredOptions() throws {
    #expect(try help(["account", "add", "--name", "x", "--help"]) == accountAddHelp)
  }

  @Test func rootHelpListsSubcommandsVersionAndTheApplicationSections() throws {
    let expected = """
      OVERVIEW: Show and change account feeds.

      USAGE: feedctl <subcommand>

      OPTIONS:
        --database-url <database-url>
                                Database to connect to. (env: DATABASE_URL)
        -o, --owner <owner>     Owner whose feed to change. (env: FEEDCTL_OWNER)
        --no-color              Print without color.
        -h, --help              Show help information.
        --version               Show the version.

      SUBCOMMANDS:
        show                    Show an owner's feed.
        account                 Add or change accounts.
        db                      Manage the embedded database.
        diff                    Compare two feeds.
        cat                     Print files.
        help                    Show help for a subcommand.

      EXIT CODES:
        0  success
        2  usage error

      """
    #expect(try help(["--help"]) == expected)
  }

  @Test func helpWithoutACommandNameDescribesTheRoot() throws {
    #expect(try help(["help"]) == help(["--help"]))
  }

  @Test func groupHelpMarksTheDefaultSubcommand() throws {
    let expected = """
      OVERVIEW: Manage the embedded database.

      USAGE: feedctl db <subcommand>

      OPTIONS:
        --database-url <database-url>
                                Database to connect to. (env: DATABASE_URL)
        -o, --owner <owner>     Owner whose feed to change. (env: FEEDCTL_OWNER)
        --no-color              Print without color.
        -h, --help              Show help information.

      SUBCOMMANDS:
        start                   Start the embedded database.
        status                  Say whether the embedded database runs. (default)
        help                    Show help for a subcommand.

      """
    #expect(try help(["db", "--help"]) == expected)
  }

  @Test func argumentsAreListedWithDefaultsAndCustomUsageReplacesTheGeneratedOne() throws {
    let expected = """
      OVERVIEW: Compare two feeds.

      USAGE: feedctl diff [<from> [<to>]] [--exit-code]

      ARGUMENTS:
        <from>                  The older feed.
        <to>                    The newer feed. (default: live)

      OPTIONS:
        --database-url <database-url>
                                Database to connect to. (env: DATABASE_URL)
        -o, --owner <owner>     Owner whose feed to change. (env: FEEDCTL_OWNER)
        --no-color              Print without color.
        --exit-code             Exit with 1 when the feeds differ.
        -h, --help              Show help information.

      """
    #expect(try help(["diff", "--help"]) == expected)
  }

  @Test func shortAndLongFlagAndVariadicArgumentAreShown() throws {
    let expected = """
      OVERVIEW: Print files.

      USAGE: feedctl cat [--database-url <database-url>] [--owner <owner>] [--no-color] [--number] [<files> ...]

      ARGUMENTS:
        <files>                 Files to print; '-' is standard input.

      OPTIONS:
        --database-url <database-url>
                                Database to connect to. (env: DATABASE_URL)
        -o, --owner <owner>     Owner whose feed to change. (env: FEEDCTL_OWNER)
        --no-color              Print without color.
        -n, --number            Number the lines.
        -h, --help              Show help information.

      """
    #expect(try help(["cat", "--help"]) == expected)
  }

  @Test func versionIsTheRootsVersion() throws {
    guard case .version(let version) = try SampleTool.parse(["--version"]) else {
      Issue.record("expected the version")
      return
    }
    #expect(version == "feedctl 1.2.3")
  }

  @Test func versionAfterASubcommandIsAnUnknownOption() {
    #expect(usageError(["show", "--version"])?.kind == .unknownOption)
  }
}

@Suite("Help command errors")
struct HelpCommandErrorTests {
  @Test func helpForAnUnknownCommandSuggestsTheClosestName() {
    let error = usageError(["help", "acount"])
    #expect(error?.message == "unknown command 'acount' for 'feedctl'; did you mean 'account'?")
  }
}
