import AccountFeedTestSupport
import FeedComponents
import Foundation
import Testing

/// `--screen` and `--client-caps` on `show`, `diff` and `snapshot`, run through the real binary.
@Suite("Screens and client capabilities")
struct ScreenFlagTests {
  /// `name` and `value` right-aligned to 40 columns (Hangul and `원` are two columns wide).
  private static func row(_ name: String, _ value: String) -> String {
    func columns(_ text: String) -> Int {
      text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0xAC00 && $1.value <= 0xD7A3 ? 2 : 1) }
    }
    return name + String(repeating: " ", count: 40 - columns(name) - columns(value)) + value
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

  /// Runs a command that must fail with a usage error before connecting, and returns its one
  /// line of standard error.
  private func usageError(_ arguments: [String]) throws -> String? {
    let result = try FeedctlProcess.run(
      arguments, environment: Self.unreachable.merging(["FEEDCTL_OWNER": "demo"]) { $1 })
    #expect(result.code == 2)
    #expect(result.output.isEmpty)
    #expect(result.errorLines.count == 1)
    return result.errorLines.first
  }

  @Test func theAccountsScreenShowsTheTotalAndTheAccountsByKind() throws {
    try withDemo { feedctl in
      let screen = try feedctl.succeed(["show", "--screen", "accounts"], owner: "demo")
      let expected = [
        "전체 계좌", "", Self.row("합계", "186,848원"), "", "입출금", Self.row("토스뱅크 통장", "116,848원"),
        "", "저축", Self.row("저축 통장", "20,000원"), Self.row("비상금", "50,000원"),
      ]
      #expect(screen == expected.joined(separator: "\n") + "\n")
    }
  }

  @Test func theSettingsScreenShowsASwitchPerAccount() throws {
    try withDemo { feedctl in
      try feedctl.succeed(["account", "update", "3", "--hidden"], owner: "demo")
      let screen = try feedctl.succeed(["show", "--screen", "settings"], owner: "demo")
      let expected = [
        "설정", "", "홈 화면에 표시할 계좌", Self.row("토스뱅크 통장", "[ON]"), Self.row("저축 통장", "[ON]"),
        Self.row("비상금", "[OFF]"),
      ]
      #expect(screen == expected.joined(separator: "\n") + "\n")
    }
  }

  @Test func aClientWithoutSwitchesIsSentTheirTextFallbacks() throws {
    try withDemo { feedctl in
      try feedctl.succeed(["account", "update", "3", "--hidden"], owner: "demo")
      let screen = try feedctl.succeed(
        ["show", "--screen", "settings", "--client-caps", "2.0:title,text_row"], owner: "demo")
      #expect(screen.hasSuffix("토스뱅크 통장 · 표시\n저축 통장 · 표시\n비상금 · 숨김\n"))
    }
  }

  @Test func theJSONDocumentRecordsTheScreenAndTheCapabilitySet() throws {
    try withDemo { feedctl in
      let json = try feedctl.succeed(
        ["show", "--screen", "accounts", "--client-caps", "app-1.0", "--format", "json"],
        owner: "demo")
      let document = try FeedDocument(data: Data(json.utf8))
      let oldest = try #require(SupportedClient.named("app-1.0")).capabilities
      #expect(document.screen == "accounts")
      #expect(document.capabilities == oldest)
      #expect(document.itemsWithPlaces.allSatisfy { oldest.supports($0.item.type) })
    }
  }

  @Test func twoRunsForTheSameClientPrintTheSameBytes() throws {
    try withDemo { feedctl in
      let arguments = [
        "show", "--screen", "settings", "--client-caps", "app-1.4", "--format", "json",
      ]
      let first = try feedctl.succeed(arguments, owner: "demo")
      let second = try feedctl.succeed(arguments, owner: "demo")
      #expect(first == second)
    }
  }

  @Test func aMalformedScreenNameIsAUsageError() throws {
    #expect(
      try usageError(["show", "--screen", "Home"])
        == "feedctl: error: invalid screen name 'Home': 1 to 32 lowercase letters, digits, '_' or '-', starting with a letter"
    )
  }

  @Test func anUnknownScreenIsAUsageErrorListingTheScreens() throws {
    #expect(
      try usageError(["show", "--screen", "wallet"])
        == "feedctl: error: unknown screen 'wallet' (expected accounts, home, settings)")
  }

  @Test func malformedClientCapabilitiesAreAUsageError() throws {
    #expect(
      try usageError(["diff", "--client-caps", "title,notice"])?.hasPrefix(
        "feedctl: error: invalid client capabilities 'title,notice': expected VERSION:TYPE") == true
    )
  }

  @Test func capabilitiesOfAnotherMajorVersionAreAUsageError() throws {
    #expect(
      try usageError(["show", "--client-caps", "3.0:title"])
        == "feedctl: error: the client reads feed version 3.0, but this server writes 2.0")
  }

  @Test func aScreenSnapshotIsWhatItsDiffStartsFrom() throws {
    try withDemo { feedctl in
      #expect(
        try feedctl.succeed(["snapshot", "--screen", "settings"], owner: "demo")
          == "snapshot 2 of demo, screen settings\n")
      try feedctl.succeed(["account", "update", "3", "--hidden"], owner: "demo")
      let result = try feedctl.run(["diff", "--screen", "settings", "--exit-code"], owner: "demo")
      #expect(result.code == 1)
      #expect(result.output.contains("~ visibility/3  비상금\n      is_on: true → false\n"))
    }
  }

  @Test func aScreenWithoutSnapshotsHasNoLatest() throws {
    try withDemo { feedctl in
      let result = try feedctl.run(["diff", "--screen", "accounts"], owner: "demo")
      #expect(result.code == 4)
      #expect(
        result.errorLines == [
          "feedctl: error: owner 'demo' has no snapshots of screen 'accounts' yet; take one with 'feedctl snapshot --screen accounts'"
        ])
    }
  }

  @Test func aSnapshotOfAnotherScreenIsRefused() throws {
    try withDemo { feedctl in
      let result = try feedctl.run(["show", "--screen", "settings", "--at", "1"], owner: "demo")
      #expect(result.code == 2)
      #expect(
        result.errorLines == [
          "feedctl: error: '1' is a feed of screen 'home', not of screen 'settings'"
        ])
    }
  }

  @Test func aSnapshotBuiltForEveryTypeIsNotComparedAsAnOldClientsFeed() throws {
    try withDemo { feedctl in
      let result = try feedctl.run(["diff", "--client-caps", "app-1.0"], owner: "demo")
      #expect(result.code == 2)
      #expect(
        result.errorLines == [
          "feedctl: error: '@' was built for every component type, not for client capabilities 2.0:account_row,notice,title"
        ])
    }
  }

  @Test func aPlainDiffRefusesFeedsOfTwoScreens() throws {
    try withDemo { feedctl in
      try feedctl.succeed(["snapshot", "--screen", "settings"], owner: "demo")
      let result = try feedctl.run(["diff", "2", "1"], owner: "demo")
      #expect(result.code == 2)
      #expect(
        result.errorLines == [
          "feedctl: error: '2' is a feed of screen 'settings' and '1' of screen 'home'; compare feeds of one screen"
        ])
    }
  }
}
