import Foundation
import Testing

/// Every time feedctl prints — in records and in the log — is ISO 8601 in UTC with six fractional
/// digits, as the README promises, so scripts can parse and sort it.
@Suite("Time format") struct TimeFormatTests {
  private static var iso: Regex<Substring> { /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/ }

  @Test func recordTimesAreISO8601WithMicroseconds() throws {
    try FeedctlDatabase.with { feedctl in
      let owner = try feedctl.succeed(["owner", "add", "alice", "--format", "json"])
      let notice = try feedctl.succeed([
        "notice", "add", "--message", "m", "--active-from", "2026-12-01T18:00:00+09:00",
        "--format", "json",
      ])
      let snapshot = try feedctl.succeed(["snapshot", "--format", "json"])
      for (text, key) in [(owner, "created_at"), (notice, "active_from"), (snapshot, "taken_at")] {
        let time = try #require(try Self.value(of: key, in: text), "\(key) in \(text)")
        #expect(time.wholeMatch(of: Self.iso) != nil, "\(key): \(time)")
      }
      #expect(try Self.value(of: "active_from", in: notice) == "2026-12-01T09:00:00.000000Z")
    }
  }

  @Test func logLinesShowTheTimeInISO8601() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["owner", "add", "alice"])
      try feedctl.succeed(["snapshot"])
      let line = try feedctl.succeed(["log"]).split(separator: "\n").first.map(String.init) ?? ""
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      #expect(fields.count > 1)
      #expect(String(fields[1]).wholeMatch(of: Self.iso) != nil, "\(line)")
    }
  }

  /// The string value of `key` anywhere in a JSON text.
  private static func value(of key: String, in text: String) throws -> String? {
    let pattern = try Regex("\"\(key)\"\\s*:\\s*\"([^\"]*)\"")
    return text.firstMatch(of: pattern).flatMap { $0.output[1].substring.map(String.init) }
  }
}
