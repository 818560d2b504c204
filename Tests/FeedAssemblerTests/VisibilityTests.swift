import AccountModel
import FeedAssembler
import FeedComponents
import Foundation
import Testing

/// The rows include hidden accounts and every notice; what reaches the screen is the layout's
/// decision, judged against the time the rows were read.
@Suite struct VisibilityTests {
  private let thirdHidden = SeedRows.rows { $0.accounts[2].hidden = true }

  private func withNotice(_ edit: (inout Notice) -> Void) -> FeedRows {
    SeedRows.rows { edit(&$0.notices[0]) }
  }

  private func sectionIDs(_ rows: FeedRows) throws -> [String] {
    try FeedAssembler().assemble(rows).sections.map(\.id)
  }

  @Test func hiddenAccountIsLeftOutByDefault() throws {
    let document = try FeedAssembler().assemble(thirdHidden)
    let titles = document.sections.last?.items.compactMap { $0.props["title"]?.stringValue }
    #expect(titles == ["토스뱅크 통장", "저축 통장"])
  }

  @Test func hiddenAccountIsShownWithItsMarkerWhenTheLayoutAsks() throws {
    let assembler = FeedAssembler(
      layout: try layout(
        #"{"sections": [{"kind": "accounts", "show_hidden": true, "hidden_marker": "숨김"}]}"#))
    let document = try assembler.assemble(thirdHidden)
    let subtitles = document.sections.last?.items.map { $0.props["subtitle"]?.stringValue }
    #expect(subtitles == ["checking", "savings", "savings · 숨김"])
  }

  @Test func hiddenAccountIsLeftOutOfTheTotal() throws {
    let assembler = FeedAssembler(layout: try layout(#"{"sections": [{"kind": "total"}]}"#))
    let document = try assembler.assemble(thirdHidden)
    // 116,848 + 20,000; the hidden 50,000 is not on the screen.
    #expect(document.sections.first?.items.first?.props["value"] == "136,848원")
  }

  @Test func dismissedNoticeIsLeftOut() throws {
    let rows = withNotice { $0.dismissedAt = SeedRows.writtenAt }
    #expect(try sectionIDs(rows) == ["title", "accounts"])
  }

  @Test func dismissedNoticeIsShownWithoutDismissActionWhenTheLayoutAsks() throws {
    let assembler = FeedAssembler(
      layout: try layout(#"{"sections": [{"kind": "notices", "show_dismissed": true}]}"#))
    let document = try assembler.assemble(withNotice { $0.dismissedAt = SeedRows.writtenAt })
    let notice = try #require(document.sections.first?.items.first)
    #expect(notice.props["message"] == .string(SeedRows.noticeMessage))
    #expect(notice.actions.isEmpty)
  }

  @Test func expiredNoticeIsLeftOut() throws {
    let rows = withNotice { $0.activeUntil = SeedRows.writtenAt }
    #expect(try sectionIDs(rows) == ["title", "accounts"])
  }

  @Test func noticeIsLeftOutFromTheMomentItsWindowEnds() throws {
    let rows = withNotice { $0.activeUntil = SeedRows.readAt }
    #expect(try sectionIDs(rows) == ["title", "accounts"])
  }

  @Test func noticeNotYetActiveIsLeftOut() throws {
    let rows = withNotice { $0.activeFrom = SeedRows.readAt.addingTimeInterval(0.000_001) }
    #expect(try sectionIDs(rows) == ["title", "accounts"])
  }

  @Test func noticeIsShownFromTheMomentItsWindowOpens() throws {
    let rows = withNotice {
      $0.activeFrom = SeedRows.readAt
      $0.activeUntil = SeedRows.readAt.addingTimeInterval(0.000_001)
    }
    #expect(try sectionIDs(rows) == ["title", "notices", "accounts"])
  }

  @Test func inactiveNoticeIsShownWhenTheLayoutAsks() throws {
    let assembler = FeedAssembler(
      layout: try layout(#"{"sections": [{"kind": "notices", "show_inactive": true}]}"#))
    let document = try assembler.assemble(withNotice { $0.activeUntil = SeedRows.writtenAt })
    #expect(document.itemIDs == ["notice/\(SeedRows.noticeID)"])
  }
}
