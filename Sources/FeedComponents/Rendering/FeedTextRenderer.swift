/// Draws a `FeedDocument` on a terminal the way the phone would lay it out.
///
/// Each section shows its header, its items and its footer, with a blank line between sections.
/// Known node types draw themselves (see `ContentView.textLines`); an unknown type is shown as a
/// placeholder line naming its type and id, so nothing in the document is hidden.
public struct FeedTextRenderer: Sendable {
  /// The screen width in columns.
  public var width: Int
  public var style: TextStyle

  public init(width: Int = 40, color: Bool = false) {
    self.width = max(width, 8)
    self.style = TextStyle(color: color)
  }

  /// The screen as text, one line per row, ending with a newline.
  public func render(_ document: FeedDocument) -> String {
    let blocks = document.sections.map { section in
      let items =
        [section.header].compactMap { $0 } + section.items + [section.footer].compactMap { $0 }
      return items.flatMap(lines(for:))
    }
    let lines = blocks.filter { !$0.isEmpty }.joined(separator: [""])
    return lines.map { $0 + "\n" }.joined()
  }

  /// The lines one item takes.
  public func lines(for item: ItemNode) -> [String] {
    // Only the type and the props are parsed from the node's drawn text.
    let type = item.type
    if let contentType = ContentVocabulary.contentType(named: type) {
      return contentType.textLines(for: item.props, width: width, style: style)
    }
    return TextLayout.wrap("[unsupported \(type): \(item.id)]", width: width).map(style.dim)
  }
}
