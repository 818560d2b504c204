import AccountStore
import FeedComponents

/// A notice above the accounts, such as "계좌를 누르면 거래 내역을 확인할 수 있어요."
///
/// The id is `notice/<id>`. Whether it can be closed is not decided here: the assembler attaches
/// `.onDismiss(.dismissNotice(id:))` to the notices the store marks dismissible.
public struct NoticeComponent: Component {
  public typealias Content = NoticeView

  public let notice: Notice

  public init(notice: Notice) {
    self.notice = notice
  }

  public var id: String { "notice/\(notice.id)" }

  public func render(context: RenderContext, content: NoticeView) {
    content.message = notice.message
    // The store's severity and the wire vocabulary's are separate types with the same cases.
    content.severity = FeedComponents.NoticeSeverity(rawValue: notice.severity.rawValue) ?? .info
  }

  /// A message wraps to a height the phone measures; the estimate only guides scrolling.
  public func size(in proposal: SizeProposal) -> ComponentSize {
    .estimated(height: 72)
  }
}
