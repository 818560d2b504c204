import FeedComponents
import Foundation
import Testing

/// `log --limit`, `snapshot prune` and `snapshot --all`: history that stays cheap to list and
/// to keep.
@Suite("Snapshot retention")
struct SnapshotRetentionTests {
  /// alice with snapshots 1 (owner add), 2 (labelled `keep`), 3 (an account of balance 1) and
  /// 4–6 (its balance 2, 3, 4): each balance is an account row only its snapshot shows.
  private func history(_ feedctl: FeedctlDatabase) throws {
    try feedctl.succeed(["owner", "add", "alice"])
    try feedctl.succeed(["snapshot", "--label", "keep"])
    try feedctl.succeed(["account", "add", "--name", "A", "--balance", "1"])
    for balance in 2...4 {
      try feedctl.succeed(["account", "update", "1", "--balance", "\(balance)"])
    }
  }

  private func sequences(_ feedctl: FeedctlDatabase, _ arguments: [String] = []) throws -> [Int] {
    let log = try feedctl.succeed(["log", "--format", "json"] + arguments)
    return try #require(try JSONParser.parse(Array(log.utf8)).arrayValue).compactMap {
      $0["sequence"]?.integerValue
    }
  }

  @Test func logWithALimitListsTheNewestSnapshots() throws {
    try FeedctlDatabase.with { feedctl in
      try history(feedctl)
      #expect(try sequences(feedctl, ["--limit", "2"]) == [5, 6])
    }
  }

  @Test func pruneKeepsTheNewestAndTheLabelledSnapshots() throws {
    try FeedctlDatabase.with { feedctl in
      try history(feedctl)
      let output = try feedctl.succeed(["snapshot", "prune", "--keep-last", "2"])
      #expect(output == "removed 3 snapshots and 2 stored items\n")
      #expect(try sequences(feedctl) == [2, 5, 6])
    }
  }

  @Test func keptSnapshotsReadBackAsBeforeThePrune() throws {
    try FeedctlDatabase.with { feedctl in
      try history(feedctl)
      let before = try [2, 5, 6].map {
        try feedctl.succeed(["show", "--at", "\($0)", "--format", "json"])
      }
      try feedctl.succeed(["snapshot", "prune", "--keep-last", "2"])
      let after = try [2, 5, 6].map {
        try feedctl.succeed(["show", "--at", "\($0)", "--format", "json"])
      }
      #expect(after == before)
    }
  }

  @Test func aDryRunReportsThePruneAndChangesNothing() throws {
    try FeedctlDatabase.with { feedctl in
      try history(feedctl)
      let before = try feedctl.dump()
      let output = try feedctl.succeed(["snapshot", "prune", "--keep-last", "2", "--dry-run"])
      #expect(output == "would remove 3 snapshots and 2 stored items\n")
      #expect(try feedctl.dump() == before)
    }
  }

  @Test func pruneByAgeKeepsWhatIsNewer() throws {
    try FeedctlDatabase.with { feedctl in
      try history(feedctl)
      try feedctl.succeed(["snapshot", "prune", "--older-than", "1d"])
      #expect(try sequences(feedctl) == [1, 2, 3, 4, 5, 6])
    }
  }

  @Test func pruneWithoutALimitIsAUsageError() throws {
    try FeedctlDatabase.with { feedctl in
      let result = try feedctl.run(["snapshot", "prune"])
      #expect(result.code == 2)
      #expect(result.error.contains("invalid retention: name how many snapshots to keep"))
    }
  }

  @Test func snapshotAllTakesOneSnapshotOfEveryOwner() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["owner", "add", "alice"])
      try feedctl.succeed(["owner", "add", "bob"], owner: "bob")
      let output = try feedctl.succeed(["snapshot", "--all"], owner: nil)
      #expect(output == "2 snapshots taken\n")
      #expect(try sequences(feedctl).count == 2)
      let bob = try feedctl.succeed(["log", "--format", "json"], owner: "bob")
      #expect(try JSONParser.parse(Array(bob.utf8)).arrayValue?.count == 2)
    }
  }
}
