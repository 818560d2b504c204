import AccountFeedTestSupport
import FeedComponents
import Foundation
import PostgresTestSupport
import Testing

/// The normal path of every command that reads or changes an owner's data, each against its own
/// database.
@Suite("Commands")
struct CommandTests {
  private func seeded(_ body: (FeedctlDatabase) throws -> Void) throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["owner", "add", "alice", "--name", "Alice"])
      try feedctl.succeed(["account", "add", "--name", "Checking", "--balance", "116,848"])
      try body(feedctl)
    }
  }

  @Test func demoShowsTheSeedScreen() throws {
    try FeedctlDatabase.with { feedctl in
      let screen = try feedctl.succeed(["demo"], owner: nil)
      for line in [
        "계좌를 누르면", "토스뱅크 통장", "116,848원", "저축 통장", "20,000원", "비상금", "50,000원",
      ] {
        #expect(screen.contains(line), "missing \(line) in\n\(screen)")
      }
    }
  }

  @Test func demoTwiceChangesNothing() throws {
    try FeedctlDatabase.with { feedctl in
      let first = try feedctl.succeed(["demo"], owner: nil)
      let dump = try feedctl.dump()
      let second = try feedctl.succeed(["demo"], owner: nil)
      #expect(try feedctl.dump() == dump)
      #expect(first == second)
    }
  }

  @Test func ownerAddThenListShowsIt() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["owner", "add", "bob", "--name", "Bob"], owner: nil)
      let list = try feedctl.succeed(["owner", "list"])
      #expect(list == "bob\tBob\n")
    }
  }

  @Test func ownerRenameChangesTheListedName() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["owner", "add", "bob", "--name", "Bob"], owner: nil)
      #expect(
        try feedctl.succeed(["owner", "rename", "bob", "--name", "Robert"], owner: nil)
          == "renamed owner bob to \"Robert\"\n")
      #expect(try feedctl.succeed(["owner", "list"]) == "bob\tRobert\n")
    }
  }

  @Test func ownerRemoveTakesTheOwnerAndItsRowsAway() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["owner", "add", "bob"], owner: "bob")
      try feedctl.succeed(["account", "add", "--name", "Checking", "--balance", "1"], owner: "bob")
      try feedctl.succeed(["owner", "remove", "bob", "--yes"], owner: "bob")
      #expect(try feedctl.succeed(["owner", "list"]).isEmpty)
      #expect(try feedctl.run(["account", "list"], owner: "bob").code == 4)
    }
  }

  @Test func ownerCommandsForAnotherOwnerThanTheOneGivenAreRefused() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["owner", "add", "bob"], owner: nil)
      let before = try feedctl.dump()
      let add = try feedctl.run(["owner", "add", "mallory"], owner: "carol")
      #expect(add.code == 2)
      #expect(
        add.error == "feedctl: error: cannot add owner 'mallory' while acting for owner 'carol'\n")
      #expect(try feedctl.run(["owner", "rename", "bob", "--name", "X"], owner: "carol").code == 4)
      #expect(try feedctl.run(["owner", "remove", "bob", "--yes"], owner: "carol").code == 4)
      #expect(try feedctl.dump() == before)
    }
  }

  @Test func ownerListAsJSONHasIdsAndNames() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["owner", "add", "bob", "--name", "Bob"], owner: nil)
      let json = try feedctl.succeed(["owner", "list", "--format", "json"])
      let owner = try #require(try JSONParser.parse(Array(json.utf8)).arrayValue?.first)
      #expect(owner["id"] == .string("bob"))
      #expect(owner["display_name"] == .string("Bob"))
    }
  }

  @Test func accountAddAcceptsGroupedDigitsAndShowsTheFormattedBalance() throws {
    try seeded { feedctl in
      let accounts = try feedctl.succeed(["account", "list"])
      #expect(accounts.contains("Checking\t116,848원"))
    }
  }

  @Test func accountUpdateWithTheRightVersionChangesTheBalance() throws {
    try seeded { feedctl in
      try feedctl.succeed(["account", "update", "1", "--balance", "5000", "--expect-version", "1"])
      let json = try feedctl.succeed(["account", "list", "--format", "json"])
      let account = try #require(try JSONParser.parse(Array(json.utf8)).arrayValue?.first)
      #expect(account["balance_minor"] == .integer(5000))
      #expect(account["version"] == .integer(2))
    }
  }

  @Test func accountDeltaAddsToTheBalance() throws {
    try seeded { feedctl in
      try feedctl.succeed(["account", "update", "1", "--delta", "-848"])
      #expect(try feedctl.succeed(["account", "list"]).contains("116,000원"))
    }
  }

  @Test func hiddenAccountLeavesTheFeed() throws {
    try seeded { feedctl in
      try feedctl.succeed(["account", "update", "1", "--hidden"])
      #expect(!(try feedctl.succeed(["show"])).contains("Checking"))
      #expect(try feedctl.succeed(["account", "list"]).contains("(hidden)"))
    }
  }

  @Test func accountRemoveTakesItOffTheFeed() throws {
    try seeded { feedctl in
      try feedctl.succeed(["account", "remove", "1"])
      #expect(try feedctl.succeed(["account", "list"]).isEmpty)
    }
  }

  @Test func noticeLifecycleAddUpdateDismissRemove() throws {
    try seeded { feedctl in
      try feedctl.succeed(["notice", "add", "--message", "First notice"])
      #expect(try feedctl.succeed(["show"]).contains("First notice"))
      try feedctl.succeed(["notice", "update", "1", "--message", "Second text"])
      #expect(try feedctl.succeed(["show"]).contains("Second text"))
      try feedctl.succeed(["notice", "dismiss", "1"])
      #expect(!(try feedctl.succeed(["show"])).contains("Second text"))
      try feedctl.succeed(["notice", "remove", "1"])
      let result = try feedctl.run(["notice", "dismiss", "1"])
      #expect(result.code == 4)
    }
  }

  @Test func updatingADismissedNoticeSaysItWasUpdated() throws {
    try seeded { feedctl in
      try feedctl.succeed(["notice", "add", "--message", "Hello"])
      #expect(try feedctl.succeed(["notice", "dismiss", "1"]) == "dismissed notice 1\n")
      let output = try feedctl.succeed(["notice", "update", "1", "--severity", "warning"])
      // Versions: 1 when added, 2 when dismissed, 3 now.
      #expect(output == "updated notice 1 (version 3)\n")
    }
  }

  @Test func accountAddJSONIsASnakeCaseRecordWithMinorUnitsAndCurrency() throws {
    try seeded { feedctl in
      let output = try feedctl.succeed([
        "account", "add", "--name", "Dollars", "--balance", "1234", "--currency", "USD",
        "--format", "json",
      ])
      let account = try #require(try JSONParser.parse(Array(output.utf8))["account"])
      let keys = try #require(account.objectValue?.keys)
      #expect(keys.contains("balance_minor"))
      for key in keys {
        #expect(key.allSatisfy { $0 == "_" || ("a"..."z").contains($0) }, "key \(key)")
      }
      #expect(account["balance_minor"] == .integer(1234))
      #expect(account["currency"] == .string("USD"))
      #expect(account["name"] == .string("Dollars"))
    }
  }

  @Test func noticeOutsideItsWindowIsNotShownAndIsListedAsSuch() throws {
    try seeded { feedctl in
      try feedctl.succeed([
        "notice", "add", "--message", "Past notice", "--active-from", "2020-01-01",
        "--active-until", "2020-02-01T00:00:00+09:00",
      ])
      #expect(!(try feedctl.succeed(["show"])).contains("Past notice"))
      #expect(
        try feedctl.succeed(["notice", "list"]).contains("Past notice\tv1  (outside its window)"))
    }
  }

  @Test func openingTheWindowShowsTheNoticeAgain() throws {
    try seeded { feedctl in
      try feedctl.succeed(["notice", "add", "--message", "Later", "--active-until", "2020-01-01"])
      #expect(!(try feedctl.succeed(["show"])).contains("Later"))
      try feedctl.succeed(["notice", "update", "1", "--active-until", "none"])
      #expect(try feedctl.succeed(["show"]).contains("Later"))
      let json = try feedctl.succeed(["notice", "list", "--format", "json"])
      let notice = try #require(try JSONParser.parse(Array(json.utf8)).arrayValue?.first)
      #expect(notice["active_until"] == .null)
    }
  }

  @Test func applyRunsABatchAndReportsEveryChange() throws {
    try seeded { feedctl in
      let batch = #"""
        {"changes": [
          {"op": "account.add", "name": "Savings", "balance": 20000, "kind": "savings"},
          {"op": "account.adjust", "id": 1, "delta": 152},
          {"op": "notice.add", "message": "Batch notice", "severity": "warning"}
        ]}
        """#
      let output = try feedctl.succeed(["apply", "-", "--format", "json"], input: Data(batch.utf8))
      let results = try #require(try JSONParser.parse(Array(output.utf8)).arrayValue)
      #expect(results.count == 3)
      let screen = try feedctl.succeed(["show"])
      #expect(screen.contains("117,000원"))
      #expect(screen.contains("20,000원"))
      #expect(screen.contains("Batch notice"))
    }
  }

  @Test func applyReadsABatchFile() throws {
    try seeded { feedctl in
      let path = NSTemporaryDirectory() + "feedctl-batch-\(UUID().uuidString).json"
      try Data(#"[{"op": "account.update", "id": 1, "name": "Main"}]"#.utf8).write(
        to: URL(fileURLWithPath: path))
      defer { try? FileManager.default.removeItem(atPath: path) }
      try feedctl.succeed(["apply", path])
      #expect(try feedctl.succeed(["account", "list"]).contains("Main"))
    }
  }

  @Test func showJSONIsAFeedDocumentWithStableIDs() throws {
    try seeded { feedctl in
      let output = try feedctl.succeed(["show", "--format", "json"])
      let document = try FeedDocument(data: Data(output.utf8))
      let json = try JSONParser.parse(Array(output.utf8))
      #expect(json["schema"] == .string(FeedDocument.schemaName))
      #expect(document.owner == "alice")
      #expect(document.itemsWithPlaces.map(\.item.id).contains("account/1"))
      #expect(output == (try feedctl.succeed(["show", "--format", "json"])))
    }
  }

  @Test func showAtASnapshotShowsTheFeedAsItWas() throws {
    try seeded { feedctl in
      try feedctl.succeed(["snapshot", "--label", "before"])
      try feedctl.succeed(["account", "update", "1", "--name", "Renamed"])
      #expect(try feedctl.succeed(["show", "--at", "before"]).contains("Checking"))
      #expect(try feedctl.succeed(["show", "--at", "@"]).contains("Renamed"))
      #expect(try feedctl.succeed(["show"]).contains("Renamed"))
    }
  }

  @Test func snapshotPrintsItsSequenceAndLabel() throws {
    try seeded { feedctl in
      let output = try feedctl.succeed(["snapshot", "--label", "v1", "--format", "json"])
      let json = try JSONParser.parse(Array(output.utf8))
      // Two writes before it (owner add, account add) each recorded a snapshot.
      #expect(json["sequence"] == .integer(3))
      #expect(json["label"] == .string("v1"))
    }
  }

  @Test func migrateTwiceSaysTheSchemaIsUpToDate() throws {
    try FeedctlDatabase.with { feedctl in
      let output = try feedctl.succeed(["migrate"])
      #expect(output == "the schema is up to date\n")
    }
  }

  @Test func migrateAsJSONListsWhatItApplied() throws {
    try TestDatabase.with(.empty) { database in
      let feedctl = FeedctlDatabase(database: database)
      let first = try JSONParser.parse(
        Array(try feedctl.succeed(["migrate", "--format", "json"]).utf8))
      let names = first["applied"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
      #expect(
        names == [
          "001_owners_accounts_notices.sql", "002_feed_snapshots.sql", "003_currencies.sql",
          "004_placements.sql", "005_snapshot_storage.sql", "006_tokens_and_notify.sql",
          "007_token_notify.sql", "008_feed_heads.sql", "009_cheaper_checks.sql",
          "010_head_chunks_uncompressed.sql", "011_head_items_by_key.sql", "012_chunk_digests.sql",
          "013_checkpoint_nodes.sql", "014_outside_writes_drop_heads.sql",
          "015_idempotency_keys.sql", "016_head_chunks_from_items.sql",
        ])
      let second = try JSONParser.parse(
        Array(try feedctl.succeed(["migrate", "--format", "json"]).utf8))
      #expect(second["applied"] == .array([]))
    }
  }

  @Test func unmigratedDatabaseAsksForMigrate() throws {
    try TestDatabase.with(.empty) { database in
      let result = try FeedctlDatabase(database: database).run(["owner", "list"])
      #expect(result.code == 7)
      #expect(result.error.contains("run 'feedctl migrate'"))
    }
  }

  @Test func versionAndHelpListTheExitCodes() throws {
    #expect(try FeedctlProcess.run(["--version"]).output == "feedctl 0.1.0\n")
    let help = try FeedctlProcess.run(["--help"])
    #expect(help.code == 0)
    #expect(help.output.contains("EXIT CODES"))
    #expect(help.output.contains("3  database unreachable"))
  }

  @Test func pgVariablesChooseTheDatabaseWhenNoURLIsGiven() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["owner", "add", "viapg"], owner: nil)
      let settings = try feedctl.database.configuration.settings()
      var environment: [String: String] = ["FEEDCTL_DATA_DIR": "/nonexistent/feedctl-data"]
      for (keyword, variable) in [
        ("host", "PGHOST"), ("port", "PGPORT"), ("dbname", "PGDATABASE"), ("user", "PGUSER"),
      ] {
        environment[variable] = settings[keyword]
      }
      // `settings()` leaves the password out; a server that asks for one gets it this way.
      let connectionString = feedctl.database.configuration.connectionString
      if let password = KeywordString.values(connectionString)["password"] {
        environment["PGPASSWORD"] = password
      }
      let result = try FeedctlProcess.run(["owner", "list"], environment: environment)
      #expect(result.output.contains("viapg"), "\(result.error)")
    }
  }
}
