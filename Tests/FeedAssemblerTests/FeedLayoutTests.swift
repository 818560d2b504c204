import FeedAssembler
import Foundation
import Testing

@Suite struct FeedLayoutTests {
  /// `config/screens/home.json` in this checkout.
  static let configPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("config/screens/home.json").path

  /// The message for a layout file with `text`, read as `config/feed.json`.
  func error(_ text: String) -> String? {
    do {
      _ = try FeedLayout(data: Data(text.utf8), source: "config/feed.json")
      return nil
    } catch {
      return error.description
    }
  }

  @Test func defaultLayoutEqualsTheConfigFile() throws {
    #expect(try FeedLayout.load(from: Self.configPath) == FeedLayout.default)
  }

  @Test func omittedFieldsTakeTheirDefaults() throws {
    let layout = try FeedLayout(
      data: Data(#"{"sections": [{"kind": "accounts"}]}"#.utf8), source: "t.json")
    guard case .accounts(let accounts) = try #require(layout.sections.first) else {
      Issue.record("expected an accounts section")
      return
    }
    #expect(layout.title == nil)
    #expect(accounts.arrangement == .flat)
    #expect(accounts.subtitle == .kind)
    #expect(accounts.showHidden == false)
    #expect(accounts.touchURL == nil)
    #expect(accounts.title(ofKind: "checking") == "checking")
  }

  @Test func unknownSectionKindNamesTheFileFieldAndChoices() {
    #expect(
      error(#"{"sections": [{"kind": "notices"}, {"kind": "total"}, {"kind": "acounts"}]}"#)
        == "config/feed.json: sections[2].kind: unknown section kind 'acounts' "
        + "(expected notices, total, accounts, visibility)")
  }

  @Test func misspeltFieldSuggestsTheKnownOne() {
    #expect(
      error(#"{"sections": [{"kind": "accounts", "show_hiden": true}]}"#)
        == "config/feed.json: sections[0].show_hiden: unknown field; did you mean 'show_hidden'?")
  }

  @Test func unknownTopLevelFieldListsTheKnownOnes() {
    #expect(
      error(#"{"sections": [{"kind": "total"}], "colour": "blue"}"#)
        == "config/feed.json: colour: unknown field (expected title, sections)")
  }

  @Test func unknownFieldInsideEmptyStateIsRefused() {
    #expect(
      error(#"{"sections": [{"kind": "accounts", "empty_state": {"mesage": "없음"}}]}"#)
        == "config/feed.json: sections[0].empty_state.mesage: unknown field; "
        + "did you mean 'message'?")
  }

  @Test func unknownPlaceholderInTouchURLIsRefused() {
    #expect(
      error(#"{"sections": [{"kind": "accounts", "touch_url": "app://accounts/{acount}"}]}"#)
        == "config/feed.json: sections[0].touch_url: unknown placeholder '{acount}' "
        + "(expected {id}, {kind}, {owner})")
  }

  @Test func unclosedPlaceholderIsRefused() {
    #expect(
      error(#"{"sections": [{"kind": "accounts", "touch_url": "app://accounts/{id"}]}"#)
        == "config/feed.json: sections[0].touch_url: '{' without a matching '}'")
  }

  @Test func nestedPlaceholderIsRefused() {
    #expect(
      error(#"{"sections": [{"kind": "accounts", "touch_url": "app://{a{id}}"}]}"#)
        == "config/feed.json: sections[0].touch_url: '{' inside a placeholder; "
        + "placeholders cannot nest")
  }

  @Test func templateFillsEveryPlaceholder() throws {
    let template = try Template(
      "app://{owner}/accounts/{id}?k={kind}", allowed: ["id", "kind", "owner"])
    #expect(
      template.filled(["id": "42", "kind": "savings", "owner": "demo"])
        == "app://demo/accounts/42?k=savings")
  }

  @Test func strayClosingBraceIsRefused() {
    #expect(
      error(#"{"sections": [{"kind": "accounts", "touch_url": "app://accounts/id}"}]}"#)
        == "config/feed.json: sections[0].touch_url: '}' without a matching '{'")
  }

  @Test func touchURLWithoutSchemeIsRefused() {
    #expect(
      error(#"{"sections": [{"kind": "accounts", "touch_url": "accounts/{id}"}]}"#)
        == "config/feed.json: sections[0].touch_url: 'accounts/{id}' does not start with a "
        + "URL scheme such as 'app://'")
  }

  @Test func totalLabelAcceptsOnlyTheCurrencyPlaceholder() {
    #expect(
      error(#"{"sections": [{"kind": "total", "label": "합계 {id}"}]}"#)
        == "config/feed.json: sections[0].label: unknown placeholder '{id}' "
        + "(expected {currency})")
  }

  @Test func brokenJSONGivesLineAndColumn() {
    let text = """
      {
        "sections": [
          {"kind": "notices",}
        ]
      }
      """
    // Line 3 is `    {"kind": "notices",}`; the stray `}` is its 24th character.
    #expect(
      error(text)
        == "config/feed.json: line 3, column 24: not valid JSON: expected a string key")
  }

  @Test func sectionKindListedTwiceIsRefused() {
    #expect(
      error(#"{"sections": [{"kind": "accounts"}, {"kind": "notices"}, {"kind": "accounts"}]}"#)
        == "config/feed.json: sections[2].kind: 'accounts' is already listed at sections[0]; "
        + "each kind may appear once")
  }

  @Test func wrongValueTypeNamesWhatWasFound() {
    #expect(
      error(#"{"sections": [{"kind": "accounts", "show_hidden": "yes"}]}"#)
        == "config/feed.json: sections[0].show_hidden: expected true or false, found a string")
  }

  @Test func unknownArrangementListsTheChoices() {
    #expect(
      error(#"{"sections": [{"kind": "accounts", "arrangement": "nested"}]}"#)
        == "config/feed.json: sections[0].arrangement: unknown value 'nested' "
        + "(expected flat, grouped)")
  }

  @Test func emptySectionListIsRefused() {
    #expect(
      error(#"{"sections": []}"#)
        == "config/feed.json: sections: expected a non-empty array of sections")
  }

  @Test func missingSectionsIsRefused() {
    #expect(
      error(#"{"title": "내 계좌"}"#)
        == "config/feed.json: sections: missing; list at least one of notices, total, accounts, visibility"
    )
  }

  @Test func sectionWithoutKindIsRefused() {
    #expect(
      error(#"{"sections": [{"title": "공지"}]}"#)
        == "config/feed.json: sections[0].kind: missing (expected notices, total, accounts, visibility)"
    )
  }

  @Test func emptyTitleIsRefused() {
    #expect(
      error(#"{"title": "", "sections": [{"kind": "total"}]}"#)
        == "config/feed.json: title: must not be empty (leave the field out instead)")
  }

  @Test func groupedAccountsRefuseASectionTitle() {
    #expect(
      error(#"{"sections": [{"kind": "accounts", "arrangement": "grouped", "title": "계좌"}]}"#)
        == "config/feed.json: sections[0].title: a grouped accounts section is headed by its "
        + "kinds' titles (kind_titles); remove title or use arrangement 'flat'")
  }

  @Test func kindTitleForAnInvalidKindIsRefused() {
    #expect(
      error(#"{"sections": [{"kind": "accounts", "kind_titles": {"Savings": "저축"}}]}"#)
        == "config/feed.json: sections[0].kind_titles: 'Savings' is not an account kind "
        + "(1 to 32 lowercase letters, digits, '_' or '-', starting with a letter)")
  }

  @Test func emptyStateButtonNeedsAURL() {
    #expect(
      error(#"{"sections": [{"kind": "accounts", "empty_state": {"button_title": "만들기"}}]}"#)
        == "config/feed.json: sections[0].empty_state.button_url: missing; a button needs both "
        + "button_title and button_url")
  }

  @Test func layoutThatIsNotAnObjectIsRefused() {
    #expect(error("[]") == "config/feed.json: expected an object, found an array")
  }

  @Test func missingFileIsNamed() {
    #expect(
      throws: FeedLayoutError(
        source: "/nonexistent/feed.json", location: nil, problem: "no such file")
    ) {
      try FeedLayout.load(from: "/nonexistent/feed.json")
    }
  }

  @Test func errorFromAFileNamesItsPath() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("layout-\(UUID().uuidString).json").path
    try Data(#"{"sections": [{"kind": "acounts"}]}"#.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = try #require(throws: FeedLayoutError.self) { try FeedLayout.load(from: path) }
    #expect(
      error.description
        == "\(path): sections[0].kind: unknown section kind 'acounts' "
        + "(expected notices, total, accounts, visibility)")
  }
}
