import FeedComponents
import Foundation
import Testing

/// Every write through feedctl records the resulting feed, so the history has no holes and each
/// step's diff is exactly what that step did.
@Suite("History")
struct HistoryTests {
  /// One write after the first: its arguments, the reason it records, and the diff from the
  /// snapshot before it — the closing summary line, and the start of every `+`, `-`, `~` or `↷`
  /// line (a move may be told as the other row moving, so only its kind is fixed).
  private struct Step {
    let arguments: [String]
    let reason: String
    let summary: String
    let markers: [String]
  }

  @Test func everyWriteIsASnapshotAndEachStepDiffsToWhatWasDone() throws {
    try FeedctlDatabase.with { feedctl in
      let steps = [
        Step(
          arguments: ["account", "add", "--name", "Checking", "--balance", "100"],
          reason: "account add", summary: "1 to add, 0 to change, 1 to remove, 0 to move.",
          markers: ["+ account/1  Checking", "- empty/accounts"]),
        Step(
          arguments: ["account", "add", "--name", "Savings", "--balance", "200"],
          reason: "account add", summary: "1 to add, 0 to change, 0 to remove, 0 to move.",
          markers: ["+ account/2  Savings"]),
        Step(
          arguments: ["account", "update", "1", "--balance", "150"], reason: "account update 1",
          summary: "0 to add, 1 to change, 0 to remove, 0 to move.",
          markers: ["~ account/1  Checking"]),
        Step(
          arguments: ["account", "update", "1", "--position", "9"], reason: "account update 1",
          summary: "0 to add, 0 to change, 0 to remove, 1 to move.", markers: ["↷ account/"]),
        Step(
          arguments: ["notice", "add", "--message", "Hi"], reason: "notice add",
          summary: "2 to add, 0 to change, 0 to remove, 0 to move.",
          markers: ["+ section notices", "+ notice/1  Hi"]),
        Step(
          arguments: ["notice", "dismiss", "1"], reason: "notice dismiss 1",
          summary: "0 to add, 0 to change, 2 to remove, 0 to move.",
          markers: ["- section notices", "- notice/1  Hi"]),
        Step(
          arguments: ["account", "remove", "1"], reason: "account remove 1",
          summary: "0 to add, 0 to change, 1 to remove, 0 to move.",
          markers: ["- account/1  Checking"]),
      ]
      try feedctl.succeed(["owner", "add", "alice"])
      for step in steps {
        try feedctl.succeed(step.arguments)
      }
      let log = try feedctl.succeed(["log", "--format", "json"])
      let entries = try #require(try JSONParser.parse(Array(log.utf8)).arrayValue)
      #expect(entries.map { $0["sequence"] } == (1...steps.count + 1).map { .integer($0) })
      #expect(entries.map { $0["reason"]?.stringValue } == ["owner add"] + steps.map(\.reason))
      for (index, step) in steps.enumerated() {
        let plan = try feedctl.succeed(["diff", String(index + 1), String(index + 2)])
        let lines = plan.split(separator: "\n").map { $0.drop { $0 == " " } }
        let markers = lines.filter { line in
          ["+ ", "- ", "~ ", "↷ "].contains { line.hasPrefix($0) }
        }
        #expect(lines.last.map(String.init) == step.summary, "\(step.arguments): \(plan)")
        #expect(markers.count == step.markers.count, "\(step.arguments): \(plan)")
        for (line, expected) in zip(markers, step.markers) {
          #expect(line.hasPrefix(expected), "\(step.arguments): \(plan)")
        }
      }
      let textLog = try feedctl.succeed(["log"])
      #expect(textLog.split(separator: "\n").count == steps.count + 1)
      #expect(textLog.hasPrefix("\(steps.count + 1)  "))
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
