/// What a section shows when it has nothing to list, with an optional call to action.
public final class EmptyStateView: ContainsButton {
  public static let nodeType = "empty_state"

  public var message = ""
  public var buttonTitle: String?
  public var actions = ContentActions()

  public init() {}

  public var props: [String: JSONValue] {
    var props: [String: JSONValue] = ["message": .string(message)]
    if let buttonTitle { props["button_title"] = .string(buttonTitle) }
    return props
  }

  /// The message and the button centred, as the phone draws an empty state.
  public static func textLines(for props: [String: JSONValue], width: Int, style: TextStyle)
    -> [String]
  {
    var lines = TextLayout.wrap(props["message"]?.stringValue ?? "", width: width).map {
      style.dim(TextLayout.centered($0, width: width))
    }
    if let buttonTitle = props["button_title"]?.stringValue {
      lines += TextLayout.wrap("[ \(buttonTitle) ]", width: width).map {
        style.bold(TextLayout.centered($0, width: width))
      }
    }
    return lines
  }
}
