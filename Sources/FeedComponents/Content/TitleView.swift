/// A heading, such as the screen's "내 계좌" or a section title.
public final class TitleView: ContentView {
  public static let nodeType = "title"

  public var text = ""
  /// A smaller line under the title.
  public var subtitle: String?
  public var actions = ContentActions()

  public init() {}

  public var props: [String: JSONValue] {
    var props: [String: JSONValue] = ["text": .string(text)]
    if let subtitle { props["subtitle"] = .string(subtitle) }
    return props
  }

  public static func textLines(for props: [String: JSONValue], width: Int, style: TextStyle)
    -> [String]
  {
    var lines = TextLayout.wrap(props["text"]?.stringValue ?? "", width: width).map(style.bold)
    if let subtitle = props["subtitle"]?.stringValue {
      lines += TextLayout.wrap(subtitle, width: width).map(style.dim)
    }
    return lines
  }
}
