import Testing

@testable import FeedComponents

@Suite struct FeedTextRendererTests {
  private func spaces(_ count: Int) -> String {
    String(repeating: " ", count: count)
  }

  @Test func seedScreenMatchesTheGolden() throws {
    // Seed 000's sample screen at 40 columns, worked out by hand:
    // - the title "내 계좌";
    // - the notice after "[i] " (4 columns) has 36 columns: "계좌를 누르면 거래 내역을 확인할 수" is
    //   6+1+6+1+4+1+6+1+6+1+2 = 35 columns, and " 있어요." (8 more) does not fit, so it wraps under
    //   the message;
    // - each account name on the left, its amount ending at column 40:
    //   토스뱅크 통장 (13) + 18 spaces + 116,848원 (9) = 40,
    //   저축 통장 (9) + 23 spaces + 20,000원 (8) = 40,
    //   비상금 (6) + 26 spaces + 50,000원 (8) = 40.
    let expected =
      "내 계좌\n"
      + "[i] 계좌를 누르면 거래 내역을 확인할 수\n"
      + "    있어요.\n"
      + "토스뱅크 통장" + spaces(18) + "116,848원\n"
      + "저축 통장" + spaces(23) + "20,000원\n"
      + "비상금" + spaces(26) + "50,000원\n"
    let screen = FeedTextRenderer(width: 40).render(try seedFeed().render())
    #expect(screen == expected)
  }

  @Test func seedScreenIsTheSameWithEitherErasure() throws {
    let renderer = FeedTextRenderer(width: 40)
    #expect(
      renderer.render(try seedFeed(erasure: .closure).render())
        == renderer.render(try seedFeed(erasure: .box).render()))
  }

  @Test func amountThatDoesNotFitBesideItsNameMovesToItsOwnLine() throws {
    let document = try Feed(owner: "o") {
      Section(id: "s") {
        AccountRowComponent(item: AccountItem(id: 1, name: "아주 긴 이름의 통장", amount: "1,000,000원"))
      }
    }.render()
    // 아주 긴 이름의 통장 is 2+1+2+1+6+1+4 = 17 columns; 1,000,000원 is 11; 17 + 1 + 11 > 20.
    #expect(
      FeedTextRenderer(width: 20).render(document)
        == "아주 긴 이름의 통장\n" + spaces(9) + "1,000,000원\n")
  }

  @Test func unknownNodeTypeIsShownAsAPlaceholder() throws {
    let document = try FeedDocument(
      owner: "o",
      sections: [
        SectionNode(id: "s", items: [ItemNode(id: "promo/1", type: "promo_carousel", props: [:])])
      ])
    #expect(
      FeedTextRenderer(width: 40).render(document) == "[unsupported promo_carousel: promo/1]\n")
  }

  @Test func sectionsAreSeparatedByABlankLineWithFootersAfterItems() throws {
    let document = try Feed(owner: "o") {
      Section(id: "a") { SummaryComponent(id: "total/KRW", label: "합계", value: "186,848원") }
      Section(
        id: "b", footer: AnyComponent(TitleComponent(id: "footer/b", text: "끝"))
      ) {
        ToggleComponent(id: "setting/1", title: "잔액 숨기기", isOn: true)
      }
    }.render()
    // 합계 (4) + 27 + 186,848원 (9) = 40; 잔액 숨기기 (11) + 25 + [ON] (4) = 40.
    let expected =
      "합계" + spaces(27) + "186,848원\n"
      + "\n"
      + "잔액 숨기기" + spaces(25) + "[ON]\n"
      + "끝\n"
    #expect(FeedTextRenderer(width: 40).render(document) == expected)
  }

  @Test func noticeButtonAndEmptyStateAreDrawn() throws {
    let document = try Feed(owner: "o") {
      Section(id: "s") {
        NoticeComponent(id: "notice/2", message: "점검 예정", severity: .warning, buttonTitle: "자세히")
        EmptyStateComponent(id: "empty/accounts", message: "계좌가 없어요", buttonTitle: "계좌 만들기")
      }
    }.render()
    // 계좌가 없어요 is 13 columns: (20 - 13) / 2 = 3 spaces; [ 계좌 만들기 ] is 15: 2 spaces.
    let expected =
      "[!] 점검 예정\n"
      + "    [ 자세히 ]\n"
      + "   계좌가 없어요\n"
      + "  [ 계좌 만들기 ]\n"
    #expect(FeedTextRenderer(width: 20).render(document) == expected)
  }

  @Test func colourIsAddedOnlyWhenAsked() throws {
    let document = try seedFeed().render()
    #expect(!FeedTextRenderer(width: 40, color: false).render(document).contains("\u{1B}["))
    let coloured = FeedTextRenderer(width: 40, color: true).render(document)
    #expect(coloured.contains("\u{1B}[1m내 계좌\u{1B}[0m"))
  }

  @Test func noColorEnvironmentTurnsColourOff() {
    #expect(TextStyle.shouldUseColor(environment: [:], isTerminal: true))
    #expect(!TextStyle.shouldUseColor(environment: ["NO_COLOR": "1"], isTerminal: true))
    #expect(!TextStyle.shouldUseColor(environment: [:], isTerminal: false))
  }

  @Test func columnsVariableSetsTheTerminalWidth() {
    #expect(Terminal.columns(environment: ["COLUMNS": "100"]) == 100)
  }
}
