/// A total or summary line, such as "합계  186,848원"; a feed shows one per currency.
public final class SummaryRowView: ContentView {
  public static let nodeType = "summary_row"

  public var label = ""
  public var value = ""
  public var actions = ContentActions()

  public init() {}

  public var props: [String: JSONValue] {
    ["label": .string(label), "value": .string(value)]
  }

  public static func textLines(for props: [String: JSONValue], width: Int, style: TextStyle)
    -> [String]
  {
    return TextLayout.row(
      left: props["label"]?.stringValue ?? "",
      right: props["value"]?.stringValue ?? "",
      width: width,
      styleLeft: style.bold,
      styleRight: style.bold)
  }
}
