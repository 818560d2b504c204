import AccountFeedTestSupport
import Foundation
import Testing

/// What feedctl does when its standard output is a terminal (a real pseudo-terminal, not a flag
/// that pretends): colour unless told otherwise, and the terminal's width.
@Suite("On a terminal")
struct TerminalTests {
  /// The escape that starts every ANSI colour or style.
  private static let escape = "\u{1B}["

  /// A database that has run `demo`, and the environment that makes feedctl use it as `demo`
  /// with colour not switched off.
  private func withDemo(_ body: ([String: String]) throws -> Void) throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["demo"], owner: nil)
      try body(feedctl.environment.merging(["FEEDCTL_OWNER": "demo"]) { _, new in new })
    }
  }

  /// `show` on a terminal, which must succeed and draw the demo screen; `NO_COLOR` is unset
  /// unless `environment` sets it.
  private func showOnATerminal(
    _ flags: [String] = [], environment extra: [String: String] = [:], unset: [String] = [],
    columns: UInt16 = 80
  ) throws -> String {
    var screen = ""
    try withDemo { environment in
      let result = try PseudoTerminal.run(
        ["show"] + flags, environment: environment.merging(extra) { _, new in new },
        unset: (extra["NO_COLOR"] == nil ? ["NO_COLOR"] : []) + unset, columns: columns)
      #expect(result.code == 0, "\(result.error)")
      #expect(result.output.contains("116,848원"))
      screen = result.output
    }
    return screen
  }

  /// Display columns of a screen line: each Hangul syllable and `원` two, everything else one.
  private static func columns(_ line: some StringProtocol) -> Int {
    line.unicodeScalars.reduce(0) { $0 + ($1.value >= 0xAC00 && $1.value <= 0xD7A3 ? 2 : 1) }
  }

  @Test func theScreenIsColouredOnATerminal() throws {
    let screen = try showOnATerminal()
    #expect(screen.contains("\u{1B}[1m내 계좌\u{1B}[0m"))
  }

  @Test func noColorVariableTurnsColourOffOnATerminal() throws {
    let screen = try showOnATerminal(environment: ["NO_COLOR": "1"])
    #expect(!screen.contains(Self.escape))
  }

  @Test func noColorFlagTurnsColourOffOnATerminal() throws {
    let screen = try showOnATerminal(["--no-color"])
    #expect(!screen.contains(Self.escape))
  }

  /// no-color.org: only a non-empty `NO_COLOR` turns colour off.
  @Test func anEmptyNoColorVariableLeavesColourOn() throws {
    let screen = try showOnATerminal(environment: ["NO_COLOR": ""])
    #expect(screen.contains(Self.escape))
  }

  /// The same command as `theScreenIsColouredOnATerminal`, with NO_COLOR unset, into a pipe.
  @Test func aPipeGetsNoColour() throws {
    try withDemo { environment in
      let result = try FeedctlProcess.run(["show"], environment: environment, unset: ["NO_COLOR"])
      #expect(result.code == 0, "\(result.error)")
      #expect(result.output.contains("116,848원"))
      #expect(!result.output.contains(Self.escape))
    }
  }

  @Test func theDiffPlanIsColouredOnATerminal() throws {
    try withDemo { environment in
      let update = try FeedctlProcess.run(
        ["account", "update", "1", "--balance", "120,000"], environment: environment)
      #expect(update.code == 0, "\(update.error)")
      let diff = try PseudoTerminal.run(
        ["diff", "@-1"], environment: environment, unset: ["NO_COLOR"])
      #expect(diff.code == 0, "\(diff.error)")
      #expect(diff.output.contains("\u{1B}[33m~\u{1B}[0m account/1"))
    }
  }

  /// Without `--width` or `COLUMNS`, the screen is as wide as the terminal.
  @Test func theScreenTakesTheTerminalsWidth() throws {
    let screen = try showOnATerminal(["--no-color"], unset: ["COLUMNS"], columns: 50)
    let row = try #require(screen.split(separator: "\n").first { $0.contains("116,848원") })
    #expect(Self.columns(row) == 50)
  }

  /// A wide terminal still gets a phone-sized screen.
  @Test func aWideTerminalGetsAtMostSixtyColumns() throws {
    let screen = try showOnATerminal(["--no-color"], unset: ["COLUMNS"], columns: 120)
    let row = try #require(screen.split(separator: "\n").first { $0.contains("116,848원") })
    #expect(Self.columns(row) == 60)
  }
}
