/// A row for one account: its name on the left, a value such as "116,848원" on the right, and an
/// optional second line such as the account's kind. A person taps it to open the account.
public final class AccountRowView: Touchable {
  public static let nodeType = "account_row"

  public var title = ""
  public var subtitle: String?
  /// The formatted value; formatting money is the caller's job, so the phone draws it as given.
  public var value = ""
  public var actions = ContentActions()

  public init() {}

  public var props: [String: JSONValue] {
    // Sized for all three up front, so adding the subtitle never grows the table.
    var props = [String: JSONValue](minimumCapacity: 3)
    props["title"] = .string(title)
    props["value"] = .string(value)
    if let subtitle { props["subtitle"] = .string(subtitle) }
    return props
  }

  public static func textLines(for props: [String: JSONValue], width: Int, style: TextStyle)
    -> [String]
  {
    var lines = TextLayout.row(
      left: props["title"]?.stringValue ?? "",
      right: props["value"]?.stringValue ?? "",
      width: width,
      styleRight: style.bold)
    if let subtitle = props["subtitle"]?.stringValue {
      lines += TextLayout.wrap(subtitle, width: width).map(style.dim)
    }
    return lines
  }
}

extension AccountRowView {
  public func writeCanonicalProps(into output: inout [UInt8]) {
    // The members in canonical order: subtitle, title, value.
    output.append(UInt8(ascii: "{"))
    if let subtitle {
      output.append(literal: #""subtitle":"#)
      CanonicalJSONWriter.writeString(subtitle, into: &output)
      output.append(UInt8(ascii: ","))
    }
    output.append(literal: #""title":"#)
    CanonicalJSONWriter.writeString(title, into: &output)
    output.append(literal: #","value":"#)
    CanonicalJSONWriter.writeString(value, into: &output)
    output.append(UInt8(ascii: "}"))
  }
}
