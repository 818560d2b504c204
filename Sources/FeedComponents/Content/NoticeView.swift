import FeedVocabulary

/// A message to the account owner, with a severity, an optional button and a close mark.
public final class NoticeView: Dismissible, ContainsButton {
  public static let nodeType = "notice"

  public var message = ""
  public var severity = NoticeSeverity.info
  /// The label of the notice's button; without one the phone draws no button.
  public var buttonTitle: String?
  public var actions = ContentActions()

  public init() {}

  public var props: [String: JSONValue] {
    var props: [String: JSONValue] = [
      "message": .string(message), "severity": .string(severity.rawValue),
    ]
    if let buttonTitle { props["button_title"] = .string(buttonTitle) }
    return props
  }

  /// The message after a severity marker (`[i]`, `[!]`, `[!!]`), wrapped under itself, and the
  /// button as `[ label ]` on its own line.
  public static func textLines(for props: [String: JSONValue], width: Int, style: TextStyle)
    -> [String]
  {
    let severity = props["severity"]?.stringValue.flatMap(NoticeSeverity.init) ?? .info
    let paint: (String) -> String =
      switch severity {
      case .info: style.accent
      case .warning: style.warning
      case .critical: style.critical
      }
    let prefix = severity.marker + " "
    var lines = TextLayout.wrap(
      props["message"]?.stringValue ?? "", prefix: prefix, width: width
    ).map(paint)
    if let buttonTitle = props["button_title"]?.stringValue {
      let indent = String(repeating: " ", count: DisplayWidth.columns(of: prefix))
      lines += TextLayout.wrap("[ \(buttonTitle) ]", prefix: indent, width: width).map(style.bold)
    }
    return lines
  }
}
