/// A setting with an on/off switch, such as hiding an account's balance.
public final class ToggleRowView: ContainsSwitch {
  public static let nodeType = "toggle_row"

  public var title = ""
  public var isOn = false
  public var actions = ContentActions()

  public init() {}

  public var props: [String: JSONValue] {
    ["title": .string(title), "is_on": .bool(isOn)]
  }

  public static func textLines(for props: [String: JSONValue], width: Int, style: TextStyle)
    -> [String]
  {
    let isOn = props["is_on"]?.boolValue ?? false
    return TextLayout.row(
      left: props["title"]?.stringValue ?? "",
      right: isOn ? "[ON]" : "[OFF]",
      width: width,
      styleRight: isOn ? style.accent : style.dim)
  }
}
