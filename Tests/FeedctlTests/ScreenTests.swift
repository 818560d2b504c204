import AccountFeedTestSupport
import Foundation
import Testing

/// How `show` and `demo` draw: the seed's screen, its width, colour, JSON and the layout file.
@Suite("Screen")
struct ScreenTests {
  /// `name` and `amount` right-aligned to `width` columns; every Hangul syllable and `원` is two
  /// columns wide, everything else in these rows one.
  private static func row(_ name: String, _ amount: String, width: Int) -> String {
    func columns(_ text: String) -> Int {
      text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0xAC00 && $1.value <= 0xD7A3 ? 2 : 1) }
    }
    return name + String(repeating: " ", count: width - columns(name) - columns(amount)) + amount
  }

  /// A database that has run `demo` once.
  private func withDemo(_ body: (FeedctlDatabase) throws -> Void) throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["demo"], owner: nil)
      try body(feedctl)
    }
  }

  /// The unreachable database a command is given when it must fail before connecting.
  private static let unreachable = ["DATABASE_URL": "postgresql://feed@127.0.0.1:1/feed"]

  @Test func demoScreenIsTheSeedScreenOfTheREADME() throws {
    try FeedctlDatabase.with { feedctl in
      let screen = try feedctl.succeed(["demo"], owner: nil)
      let expected = [
        "내 계좌",
        "",
        "[i] 계좌를 누르면 거래 내역을 확인할 수",
        "    있어요.",
        "",
        Self.row("토스뱅크 통장", "116,848원", width: 40),
        Self.row("저축 통장", "20,000원", width: 40),
        Self.row("비상금", "50,000원", width: 40),
      ]
      #expect(screen == expected.joined(separator: "\n") + "\n")
    }
  }

  @Test func showWidthRightAlignsRowsToThatWidth() throws {
    try withDemo { feedctl in
      let screen = try feedctl.succeed(["show", "--width", "30"], owner: "demo")
      #expect(screen.contains("\n" + Self.row("토스뱅크 통장", "116,848원", width: 30) + "\n"))
    }
  }

  @Test(arguments: ["0", "-3", "3", "501"])
  func demoRefusesAWidthOutsideEightToFiveHundred(width: String) throws {
    let result = try FeedctlProcess.run(
      ["demo", "--width", width], environment: Self.unreachable)
    #expect(result.code == 2)
    #expect(
      result.errorLines == [
        "feedctl: error: invalid value '\(width)' for --width: expected 8 to 500 columns"
      ])
    #expect(result.output.isEmpty)
  }

  @Test func columnsSetsTheWidthWhenNoWidthIsGiven() throws {
    try withDemo { feedctl in
      let screen = try feedctl.succeed(["show"], owner: "demo", environment: ["COLUMNS": "30"])
      #expect(screen == (try feedctl.succeed(["show", "--width", "30"], owner: "demo")))
    }
  }

  @Test(arguments: ["3", "0", "501", "wide"])
  func columnsOutsideTheBoundsIsIgnored(columns: String) throws {
    try withDemo { feedctl in
      // Standard output is a pipe, so without a usable COLUMNS the width is 40.
      let screen = try feedctl.succeed(["show"], owner: "demo", environment: ["COLUMNS": columns])
      #expect(screen == (try feedctl.succeed(["show", "--width", "40"], owner: "demo")))
    }
  }

  @Test func columnsAboveSixtyIsNotCapped() throws {
    try withDemo { feedctl in
      let screen = try feedctl.succeed(["show"], owner: "demo", environment: ["COLUMNS": "100"])
      #expect(screen.contains("\n" + Self.row("비상금", "50,000원", width: 100) + "\n"))
    }
  }

  @Test(arguments: [["show", "--format", "json"], ["demo", "--format", "json"]])
  func jsonOutputEndsWithANewline(arguments: [String]) throws {
    try withDemo { feedctl in
      let output = try feedctl.succeed(arguments, owner: "demo")
      #expect(output.hasSuffix("}\n"))
    }
  }

  /// `show` for the demo owner, with NO_COLOR set or not.
  private func demoScreen(_ flags: [String], noColorVariable: Bool) throws -> String {
    var output = ""
    try withDemo { feedctl in
      let result = try feedctl.run(
        ["show"] + flags, owner: "demo", environment: noColorVariable ? ["NO_COLOR": "1"] : [:],
        unset: noColorVariable ? [] : ["NO_COLOR"])
      #expect(result.code == 0, "\(result.error)")
      #expect(result.output.contains("116,848원"))
      output = result.output
    }
    return output
  }

  @Test func outputThatIsNotATerminalHasNoEscapeBytes() throws {
    #expect(!(try demoScreen([], noColorVariable: false)).utf8.contains(0x1B))
  }

  @Test func aLayoutFileFromConfigOrTheEnvironmentChangesTheScreen() throws {
    let path = NSTemporaryDirectory() + "feedctl-layout-\(UUID().uuidString).json"
    try #"{"title": "My money", "sections": [{"kind": "accounts"}]}"#.write(
      toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    try withDemo { feedctl in
      let byOption = try feedctl.succeed(["show", "--config", path], owner: "demo")
      #expect(byOption.hasPrefix("My money\n"))
      #expect(!byOption.contains("내 계좌"))
      #expect(!byOption.contains("계좌를 누르면"))
      let byEnvironment = try feedctl.run(
        ["show"], owner: "demo", environment: ["FEEDCTL_CONFIG": path])
      #expect(byEnvironment.output == byOption)
    }
  }

  @Test func aBadLayoutFileIsAnInputErrorNamingTheFile() throws {
    let path = NSTemporaryDirectory() + "feedctl-layout-\(UUID().uuidString).json"
    try #"{"titel": "My money"}"#.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    try withDemo { feedctl in
      let result = try feedctl.run(["show", "--config", path], owner: "demo")
      #expect(result.code == 2)
      #expect(result.errorLines.count == 1)
      #expect(result.error.contains(path))
      #expect(result.output.isEmpty)
    }
  }
}
