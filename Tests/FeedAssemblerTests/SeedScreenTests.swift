import AccountModel
import FeedAssembler
import FeedComponents
import Foundation
import Testing

/// Seed 000's rows under the default layout give seed 000's "내 계좌" screen, with every id taken
/// from a row key and every action the layout asks for.
@Suite struct SeedScreenTests {
  @Test func seedRowsRenderToTheSeedScreen() throws {
    let document = try FeedAssembler().assemble(SeedRows.rows)
    // Seed 000's "내 계좌" at 40 columns, worked out by hand: the title, a blank line between
    // sections, the notice after "[i] " wrapped at 36 columns ("계좌를 누르면 거래 내역을 확인할 수"
    // is 35 columns), then each name left and its amount ending at column 40:
    // 토스뱅크 통장 (13) + 18 + 116,848원 (9); 저축 통장 (9) + 23 + 20,000원 (8);
    // 비상금 (6) + 26 + 50,000원 (8).
    let expected =
      "내 계좌\n"
      + "\n"
      + "[i] 계좌를 누르면 거래 내역을 확인할 수\n"
      + "    있어요.\n"
      + "\n"
      + "토스뱅크 통장" + spaces(18) + "116,848원\n"
      + "저축 통장" + spaces(23) + "20,000원\n"
      + "비상금" + spaces(26) + "50,000원\n"
    #expect(FeedTextRenderer(width: 40).render(document) == expected)
  }

  @Test func idsComeFromRowKeys() throws {
    let document = try FeedAssembler().assemble(SeedRows.rows)
    #expect(document.sections.map(\.id) == ["title", "notices", "accounts"])
    #expect(
      document.itemIDs
        == ["title/screen", "notice/\(SeedRows.noticeID)"]
        + SeedRows.accountIDs.map { "account/\($0)" })
  }

  @Test func accountsAppearInTheOrderTheRowsCome() throws {
    let rows = SeedRows.rows { $0.accounts.reverse() }
    let document = try FeedAssembler().assemble(rows)
    #expect(
      document.sections.last?.items.map(\.id)
        == SeedRows.accountIDs.reversed().map { "account/\($0)" })
  }

  @Test func documentNamesTheOwner() throws {
    let document = try FeedAssembler().assemble(SeedRows.rows)
    #expect(document.owner == "demo")
  }

  @Test func accountTouchOpensTheLayoutURL() throws {
    let document = try FeedAssembler().assemble(SeedRows.rows)
    let row = try #require(document.sections.last?.items.first)
    #expect(row.action(for: .touch) == .openURL("app://accounts/\(SeedRows.accountIDs[0])"))
  }

  @Test func dismissibleNoticeCarriesItsDismissAction() throws {
    let document = try FeedAssembler().assemble(SeedRows.rows)
    let notice = try #require(document.sections.first { $0.id == "notices" }?.items.first)
    #expect(notice.action(for: .dismiss) == .dismissNotice(id: "notice/\(SeedRows.noticeID)"))
    #expect(notice.props["severity"] == "info")
  }

  @Test func assembledJSONReadsBackAsTheSameDocument() throws {
    let document = try FeedAssembler().assemble(SeedRows.rows)
    let read = try FeedDocument(data: document.encoded(pretty: true))
    #expect(read == document)
  }
}
