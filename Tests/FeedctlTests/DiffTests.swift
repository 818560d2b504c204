import AccountFeedTestSupport
import FeedComponents
import FeedWire
import Foundation
import Testing

/// `feedctl diff`: its exit codes, its plan, its JSON, and files compared without a database.
@Suite("Diff")
struct DiffTests {
  private func seeded(_ body: (FeedctlDatabase) throws -> Void) throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["demo"], owner: nil)
      try body(feedctl)
    }
  }

  @Test func noChangeSinceTheLatestSnapshotExitsZeroWithExitCode() throws {
    try seeded { feedctl in
      let result = try feedctl.run(["diff", "--exit-code"], owner: "demo")
      #expect(result.code == 0)
      #expect(result.output.hasSuffix("0 to add, 0 to change, 0 to remove, 0 to move.\n"))
    }
  }

  @Test func anAddedNoticeIsNamedByItsMessage() throws {
    try seeded { feedctl in
      try feedctl.succeed(["notice", "add", "--message", "Maintenance tonight"], owner: "demo")
      let plan = try feedctl.succeed(["diff", "@-1"], owner: "demo")
      #expect(plan.contains("\n  + notice/2  Maintenance tonight\n"), "\(plan)")
    }
  }

  @Test func aChangeExitsOneWithExitCodeAndZeroWithout() throws {
    try seeded { feedctl in
      try feedctl.succeed(["snapshot", "--label", "before"], owner: "demo")
      let connection = try feedctl.database.connect()
      // A change made behind feedctl's back, so the live feed differs from the latest snapshot.
      try connection.executeScript("UPDATE accounts SET balance_minor = 1 WHERE id = 2")
      #expect(try feedctl.run(["diff", "--exit-code"], owner: "demo").code == 1)
      #expect(try feedctl.run(["diff"], owner: "demo").code == 0)
    }
  }

  @Test func troubleExitsTwo() throws {
    try seeded { feedctl in
      let result = try feedctl.run(["diff", "--exit-code", "@-x"], owner: "demo")
      #expect(result.code == 2)
    }
  }

  @Test func oneAccountChangeIsExactlyOneTildeForThatAccount() throws {
    try seeded { feedctl in
      try feedctl.succeed(["account", "update", "2", "--balance", "25000"], owner: "demo")
      let plan = try feedctl.succeed(["diff", "@-1", "@"], owner: "demo")
      let marked = plan.split(separator: "\n").filter {
        $0.trimmingCharacters(in: .whitespaces).hasPrefix("~")
      }
      #expect(marked.count == 1, "\(plan)")
      #expect(marked.first?.contains("account/2") == true, "\(plan)")
      #expect(plan.contains("\"20,000원\" → \"25,000원\""), "\(plan)")
      #expect(plan.hasSuffix("0 to add, 1 to change, 0 to remove, 0 to move.\n"))
    }
  }

  @Test func jsonFormatIsTheChangesetSchema() throws {
    try seeded { feedctl in
      try feedctl.succeed(["account", "remove", "3"], owner: "demo")
      let output = try feedctl.succeed(["diff", "@-1", "live", "--format", "json"], owner: "demo")
      let json = try JSONParser.parse(Array(output.utf8))
      #expect(json["schema"] == .string("feeddiff.changeset/2"))
      #expect(json["summary"]?["remove"] == .integer(1))
      let deleted = json["stages"]?.arrayValue?.flatMap {
        $0["items"]?["deleted"]?.arrayValue ?? []
      }
      #expect(deleted?.map { $0["id"] } == [.string("account/3")])
    }
  }

  @Test func theJSONChangesetRebuildsTheLiveFeedFromTheSnapshot() throws {
    try seeded { feedctl in
      try feedctl.succeed(["account", "update", "2", "--balance", "25000"], owner: "demo")
      try feedctl.succeed(["notice", "add", "--message", "Maintenance tonight"], owner: "demo")
      let changeset = try feedctl.succeed(
        ["diff", "@-2", "live", "--format", "json"], owner: "demo")
      let base = try feedctl.succeed(["show", "--at", "@-2", "--format", "json"], owner: "demo")
      let live = try feedctl.succeed(["show", "--format", "json"], owner: "demo")
      let rebuilt = try WireChangeset(data: Data(changeset.utf8))
        .apply(to: FeedDocument(data: Data(base.utf8)))
      #expect(rebuilt == (try FeedDocument(data: Data(live.utf8))))
    }
  }

  @Test func twoFilesNeedNoDatabase() throws {
    let directory = NSTemporaryDirectory() + "feedctl-files-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // Written by hand, without digests: they are computed on load.
    func feed(_ balance: String) -> String {
      """
      {"schema": "accountfeed.feed", "version": "1.0", "owner": "x", "revision": 1,
       "sections": [{"id": "accounts", "items": [
         {"id": "account/1", "type": "account_row", "props": {"title": "A", "value": "\(balance)"}},
         {"id": "account/2", "type": "account_row", "props": {"title": "B", "value": "5원"}}]}]}
      """
    }
    try feed("1원").write(toFile: directory + "/old.json", atomically: true, encoding: .utf8)
    try feed("2원").write(toFile: directory + "/new.json", atomically: true, encoding: .utf8)
    let dataDirectory = directory + "/embedded"
    let result = try FeedctlProcess.run(
      ["diff", directory + "/old.json", directory + "/new.json", "--exit-code"],
      environment: [
        "DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none", "FEEDCTL_DATA_DIR": dataDirectory,
      ])
    #expect(result.code == 1, "\(result.error)")
    #expect(result.output.contains("~ account/1"))
    #expect(!result.output.contains("account/2"))
    let withoutAnyDatabase = try FeedctlProcess.run(
      ["diff", directory + "/old.json", directory + "/old.json", "--exit-code"],
      environment: ["FEEDCTL_DATA_DIR": dataDirectory])
    #expect(withoutAnyDatabase.code == 0, "\(withoutAnyDatabase.error)")
    #expect(!FileManager.default.fileExists(atPath: dataDirectory))
  }

  @Test func aFileWithAWrongDigestIsAnErrorNamingTheItem() throws {
    let path = NSTemporaryDirectory() + "feedctl-digest-\(UUID().uuidString).json"
    try """
    {"schema": "accountfeed.feed", "version": "1.0", "owner": "x", "revision": 1,
     "sections": [{"id": "accounts", "items": [
       {"id": "account/7", "type": "account_row", "props": {}, "digest": "\(String(repeating: "0", count: 64))"}]}]}
    """.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try FeedctlProcess.run(["diff", path, path])
    #expect(result.code == 2)
    #expect(result.errorLines.count == 1)
    #expect(result.error.contains("account/7"))
  }
}
