import AccountModel
import FeedAssembler
import FeedComponents
import Foundation
import Testing

/// A notice sizes itself to the width it is offered, and asking changes nothing.
@Suite struct NoticeSizeTests {
  private func notice(_ message: String) -> NoticeComponent {
    let now = Date(timeIntervalSince1970: 946_684_800)
    return NoticeComponent(
      notice: Notice(
        id: 1, ownerID: "demo", message: message, severity: .info, dismissible: true,
        activeFrom: nil, activeUntil: nil, position: 0, dismissedAt: nil, version: 1,
        createdAt: now, updatedAt: now))
  }

  private func height(_ size: ComponentSize) -> Int? {
    if case .estimated(let height) = size { return height }
    return nil
  }

  @Test func aNarrowerWidthGivesATallerNotice() throws {
    let component = notice("계좌를 누르면 거래 내역을 확인할 수 있어요.")
    let wide = try #require(height(component.size(in: SizeProposal(width: 600))))
    let narrow = try #require(height(component.size(in: SizeProposal(width: 200))))
    #expect(narrow > wide)
  }

  @Test func aShortMessageIsOneLineHigh() throws {
    let one = try #require(height(notice("hi").size(in: SizeProposal(width: 375))))
    let two = try #require(
      height(notice(String(repeating: "가", count: 30)).size(in: SizeProposal(width: 375))))
    #expect(two > one)
  }

  @Test func askingTheSizeDoesNotChangeTheRenderedNode() {
    let component = AnyComponent(notice("계좌를 누르면 거래 내역을 확인할 수 있어요."))
    let context = RenderContext(
      sectionID: "notices", indexPath: IndexPath(section: 0, item: 0),
      environment: RenderEnvironment())
    let before = component.render(context: context)
    let sizes = [200, 375, 600].map { component.size(in: SizeProposal(width: $0)) }
    let after = component.render(context: context)
    #expect(before == after)
    #expect(sizes == [200, 375, 600].map { component.size(in: SizeProposal(width: $0)) })
  }
}
