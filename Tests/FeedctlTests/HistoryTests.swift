import FeedComponents
import Foundation
import Testing

/// Every write through feedctl records the resulting feed, so the history has no holes and each
/// step's diff is exactly what that step did.
@Suite("History")
struct HistoryTests {
  @Test func everyWriteIsASnapshotAndEachStepDiffsToWhatWasDone() throws {
    try FeedctlDatabase.with { feedctl in
      let steps: [(arguments: [String], reason: String, expected: String)] = [
        (["owner", "add", "alice"], "owner add", "0 to add, 0 to change, 0 to remove, 0 to move."),
        (
          ["account", "add", "--name", "Checking", "--balance", "100"], "account add",
          "+ account/1"
        ),
        (
          ["account", "add", "--name", "Savings", "--balance", "200"], "account add", "+ account/2"
        ),
        (["account", "update", "1", "--balance", "150"], "account update 1", "~ account/1"),
        (["account", "update", "1", "--position", "9"], "account update 1", "↷"),
        (["notice", "add", "--message", "Hi"], "notice add", "+ notice/1"),
        (["notice", "dismiss", "1"], "notice dismiss 1", "- notice/1"),
        (["account", "remove", "1"], "account remove 1", "- account/1"),
      ]
      for step in steps {
        try feedctl.succeed(step.arguments)
      }
      let log = try feedctl.succeed(["log", "--format", "json"])
      let entries = try #require(try JSONParser.parse(Array(log.utf8)).arrayValue)
      #expect(entries.map { $0["sequence"] } == (1...steps.count).map { .integer($0) })
      #expect(entries.map { $0["reason"]?.stringValue } == steps.map(\.reason))
      for (index, step) in steps.enumerated().dropFirst() {
        let plan = try feedctl.succeed(["diff", String(index), String(index + 1)])
        #expect(plan.contains(step.expected), "step \(index + 1) \(step.arguments): \(plan)")
      }
      let textLog = try feedctl.succeed(["log"])
      #expect(textLog.split(separator: "\n").count == steps.count)
      #expect(textLog.hasPrefix("\(steps.count)  "))
    }
  }

  @Test func logSummariesCountWhatChangedAgainstThePreviousSnapshot() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["demo"], owner: nil)
      try feedctl.succeed(["account", "update", "1", "--name", "Main"], owner: "demo")
      let log = try feedctl.succeed(["log", "--format", "json"], owner: "demo")
      let entries = try #require(try JSONParser.parse(Array(log.utf8)).arrayValue)
      #expect(entries.count == 2)
      #expect(
        entries.last?["summary"]
          == [
            "add": .integer(0), "change": .integer(1), "remove": .integer(0), "move": .integer(0),
          ])
    }
  }
}
