/// The platform-neutral content a component draws into: the part the seed's `UIView` plays.
///
/// A content object is created once by `Component.createContent()` and then receives data on every
/// `render(context:content:)`, exactly like a reused cell's view. What it finally shows is a node
/// (`nodeType` and `props`) a phone knows how to draw, plus the actions its capabilities carry.
/// Each content type also knows how to draw its node on a terminal, so a document read back from
/// JSON can be shown without the components that made it.
public protocol ContentView: AnyObject {
  /// The node type name in the wire format, such as `account_row`.
  static var nodeType: String { get }

  /// Makes an empty content object, as a view starts empty before its first render.
  init()

  /// What the phone draws, as wire props.
  var props: [String: JSONValue] { get }

  /// The actions attached by modifiers, one for each gesture they answer to.
  var actions: ContentActions { get set }

  /// The terminal lines for a node of this type with these props, `width` columns wide.
  static func textLines(for props: [String: JSONValue], width: Int, style: TextStyle) -> [String]

  /// Appends the canonical compact JSON of `props`, the text a node's digest covers. Views
  /// take the default, which writes the dictionary; a view drawn by the thousand (an account
  /// row is most items of most feeds) writes its members straight instead of building the
  /// dictionary for the writer to sort and walk, and a test holds it to the canonical writing
  /// of `props` byte for byte.
  func writeCanonicalProps(into output: inout [UInt8])
}

extension ContentView {
  public func writeCanonicalProps(into output: inout [UInt8]) {
    CanonicalJSONWriter().write(.object(props), depth: 1, into: &output)
  }
}
