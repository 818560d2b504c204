import AccountModel
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
    content.severity = notice.severity
  }

  /// The height the message needs when wrapped to the proposed width, as an estimate: the phone
  /// measures the drawn text, and the estimate only guides scrolling. It is computed from the
  /// component's own data alone (seed 003's `sizeThatFits` rule: asking changes nothing).
  public func size(in proposal: SizeProposal) -> ComponentSize {
    let textWidth = max(proposal.width - Self.horizontalPadding, Self.pointsPerColumn)
    let columnsPerLine = max(textWidth / Self.pointsPerColumn, 1)
    let columns = DisplayWidth.columns(of: notice.message)
    let lines = max((columns + columnsPerLine - 1) / columnsPerLine, 1)
    return .estimated(height: Self.verticalPadding + lines * Self.lineHeight)
  }

  /// For a client without notices: the message as a line of text.
  public var fallback: AnyComponent? {
    AnyComponent(TextRowComponent(id: id, text: notice.message))
  }

  /// Layout constants of the phone's notice cell, in points: a 15-point font is about 8 points
  /// per terminal column (Hangul counts two), with 20-point lines.
  static let pointsPerColumn = 8
  static let lineHeight = 20
  static let horizontalPadding = 48
  static let verticalPadding = 32
}
