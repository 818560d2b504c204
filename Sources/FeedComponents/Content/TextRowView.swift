/// A plain line of text: the simplest row a phone draws, and the fallback that components declare
/// for clients that cannot draw their own type (see `Component.fallback`).
public final class TextRowView: ContentView {
  public static let nodeType = "text_row"

  public var text = ""
  public var actions = ContentActions()

  public init() {}

  public var props: [String: JSONValue] {
    ["text": .string(text)]
  }

  public static func textLines(for props: [String: JSONValue], width: Int, style: TextStyle)
    -> [String]
  {
    TextLayout.wrap(props["text"]?.stringValue ?? "", width: width)
  }
}
