import FeedComponents

/// A title above a section, or the screen's own title ("내 계좌").
///
/// Its id is given by the assembler from the section it heads (`title/accounts`,
/// `title/accounts/savings`), so a header keeps its identity while its text changes.
public struct SectionHeaderComponent: Component {
  public typealias Content = TitleView

  public let id: String
  public let text: String

  public init(id: String, text: String) {
    self.id = id
    self.text = text
  }

  public func render(context: RenderContext, content: TitleView) {
    content.text = text
  }
}
