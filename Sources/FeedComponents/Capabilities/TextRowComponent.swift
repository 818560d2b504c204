/// A line of text with a given id: what a component offers as its fallback, so an old client that
/// cannot draw, say, a `toggle_row` still reads what the row says.
///
/// A fallback keeps the id of the component it stands in for, so the item keeps its identity and
/// a client that later learns the type sees an update, not a new row.
public struct TextRowComponent: Component {
  public typealias Content = TextRowView

  public let id: String
  public let text: String

  public init(id: String, text: String) {
    self.id = id
    self.text = text
  }

  public func render(context: RenderContext, content: TextRowView) {
    content.text = text
  }
}
