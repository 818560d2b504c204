import AccountModel
import FeedAssembler
import FeedComponents
import Foundation
import Testing

/// The built-in screens with seed 000's rows, and the catalog that names them.
@Suite struct ScreenTests {
  /// `config/screens` in this checkout.
  static let screensDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("config/screens").path

  private func document(
    _ screen: String, _ rows: FeedRows = SeedRows.rows, capabilities: ClientCapabilities? = nil
  ) throws -> FeedDocument {
    try FeedAssembler(layout: ScreenCatalog.builtIn.layout(of: screen))
      .assemble(rows, screen: screen, for: capabilities)
  }

  @Test func everyScreenFileEqualsTheBuiltInScreen() throws {
    #expect(try ScreenCatalog.load(directory: Self.screensDirectory) == ScreenCatalog.builtIn)
  }

  @Test func theBuiltInScreensAreHomeAccountsAndSettings() {
    #expect(ScreenCatalog.builtIn.names == ["accounts", "home", "settings"])
  }

  @Test func theHomeScreenShowsWhatTheDefaultLayoutShows() throws {
    let home = try document("home")
    #expect(home.digest == (try FeedAssembler().assemble(SeedRows.rows)).digest)
    #expect(home.screen == "home")
  }

  @Test func theAccountsScreenHasTheTotalThenOneSectionPerKind() throws {
    let accounts = try document("accounts")
    #expect(
      accounts.sections.map(\.id) == ["title", "total", "accounts/checking", "accounts/savings"])
    #expect(accounts.sections[1].items.map(\.props) == [["label": "합계", "value": "186,848원"]])
    #expect(accounts.sections.compactMap { $0.header?.props["text"] } == ["입출금", "저축"])
    #expect(accounts.sections[3].items.map(\.id) == ["account/102", "account/103"])
  }

  @Test func theAccountsScreenLeavesHiddenAccountsOutOfListAndTotal() throws {
    let rows = SeedRows.rows { $0.accounts[2].hidden = true }
    let accounts = try document("accounts", rows)
    #expect(!accounts.itemIDs.contains("account/103"))
    #expect(accounts.sections[1].items.first?.props["value"] == "136,848원")
  }

  @Test func theSettingsScreenHasASwitchPerAccountOnWhileItIsShown() throws {
    let rows = SeedRows.rows { $0.accounts[2].hidden = true }
    let settings = try document("settings", rows)
    let switches = try #require(settings.sections.last)
    #expect(switches.id == "visibility")
    #expect(switches.header?.props["text"] == "홈 화면에 표시할 계좌")
    #expect(switches.items.map(\.id) == ["visibility/101", "visibility/102", "visibility/103"])
    #expect(switches.items.map(\.type) == ["toggle_row", "toggle_row", "toggle_row"])
    #expect(switches.items.map { $0.props["is_on"] } == [true, true, false])
  }

  @Test func aSettingsSwitchCarriesTheVisibilityActionOfItsAccount() throws {
    let item = try #require(try document("settings").sections.last?.items.first)
    let action = try #require(item.actions["toggle"])
    #expect(
      action
        == .custom(name: "set_account_visibility", payload: ["account": "account/101"]))
    #expect(VisibilityAction(action) == VisibilityAction(accountID: 101))
  }

  @Test func anOwnerWithoutAccountsHasASettingsScreenWithOnlyItsTitle() throws {
    let settings = try document("settings", SeedRows.rows { $0.accounts = [] })
    #expect(settings.sections.map(\.id) == ["title"])
  }

  @Test func aSwitchFallsBackToTheAccountAndItsStateInWords() throws {
    let rows = SeedRows.rows { $0.accounts[2].hidden = true }
    let settings = try document(
      "settings", rows, capabilities: try ClientCapabilities(parsing: "2.0:title,text_row"))
    #expect(
      settings.sections.last?.items.map { $0.props["text"] }
        == ["토스뱅크 통장 · 표시", "저축 통장 · 표시", "비상금 · 숨김"])
  }

  @Test func aTotalFallsBackToItsLabelAndValue() throws {
    let accounts = try document(
      "accounts", capabilities: try ClientCapabilities(parsing: "2.0:title,text_row,account_row"))
    #expect(accounts.sections[1].items.map(\.props) == [["text": "합계 186,848원"]])
  }

  @Test func sameRowsAndCapabilitiesGiveByteIdenticalDocuments() throws {
    let capabilities = try ClientCapabilities(parsing: "app-1.4")
    for screen in ScreenCatalog.builtIn.names {
      #expect(
        try document(screen, capabilities: capabilities).encoded()
          == (try document(screen, capabilities: capabilities).encoded()), "\(screen)")
    }
  }

  @Test func anUnknownScreenIsRefusedListingTheScreens() {
    #expect(throws: ScreenError.unknown("savings", known: ["accounts", "home", "settings"])) {
      try ScreenCatalog.builtIn.layout(of: "savings")
    }
    #expect(
      ScreenError.unknown("savings", known: ["accounts", "home"]).description
        == "unknown screen 'savings' (expected accounts, home)")
  }

  @Test(arguments: ["", "Home", "1home", "home/x", String(repeating: "a", count: 33)])
  func aMalformedScreenNameIsRefused(name: String) {
    #expect(throws: ScreenError.invalidName(name)) {
      try ScreenCatalog.builtIn.layout(of: name)
    }
  }

  @Test func visibilityFieldsTakeTheirDefaults() throws {
    let parsed = try layout(#"{"sections": [{"kind": "visibility"}]}"#)
    #expect(parsed.sections == [.visibility(VisibilityLayout())])
  }

  @Test func aVisibilityActionNamingNoWellFormedAccountIsNotOne() {
    for payload: JSONValue in [
      ["account": "account/01"], ["account": "notice/1"], ["account": "account/0"],
      ["account": "account/1", "extra": true], "account/1",
    ] {
      #expect(VisibilityAction(.custom(name: VisibilityAction.name, payload: payload)) == nil)
    }
    #expect(VisibilityAction(.openURL("app://accounts/1")) == nil)
  }
}
