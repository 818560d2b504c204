/// One item of a feed as the phone receives it: `{id, type, props, actions, size, digest}`.
///
/// This is the "design syntax tree" node: everything the phone needs to draw the item and react to
/// it, with no reference to the component that produced it. Nodes whose type this version does not
/// know are kept whole, so an older reader can still show, diff and re-encode a newer feed.
public struct ItemNode: Hashable, Sendable {
  public let id: String
  /// The node type, such as `account_row`; a phone draws the types it knows.
  public let type: String
  public let props: [String: JSONValue]
  /// Actions keyed by trigger name (`touch`, `button`, `toggle`, `dismiss`, or a newer one).
  public let actions: [String: Action]
  public let size: ComponentSize
  /// Fields written by a newer minor version, kept and re-encoded as read.
  public let additionalFields: [String: JSONValue]
  /// SHA-256 of the canonical compact JSON of this node without `id` and `digest`: it covers
  /// everything the phone draws or does with the item, and not where the item stands.
  public let digest: String

  public init(
    id: String,
    type: String,
    props: [String: JSONValue],
    actions: [ActionTrigger: Action] = [:],
    size: ComponentSize = .automatic
  ) {
    var named: [String: Action] = [:]
    named.reserveCapacity(actions.count)
    for (trigger, action) in actions { named[trigger.rawValue] = action }
    self.init(
      id: id, type: type, props: props, actions: named, size: size, additionalFields: [:])
  }

  /// The designated initializer, also used when reading a document.
  public init(
    id: String,
    type: String,
    props: [String: JSONValue],
    actions: [String: Action],
    size: ComponentSize,
    additionalFields: [String: JSONValue]
  ) {
    var drawn: [UInt8] = []
    drawn.reserveCapacity(256)
    Self.write(
      wire: nil, type: type, props: props, actions: actions, size: size,
      additionalFields: additionalFields, with: CanonicalJSONWriter(), depth: 0, into: &drawn)
    self.init(
      id: id, type: type, props: props, actions: actions, size: size,
      additionalFields: additionalFields, storedDigest: SHA256.hexDigest(of: drawn))
  }

  /// A node read back from storage this program wrote, with the digest stored beside it, taken
  /// as given rather than computed again: reading a large stored feed then costs parsing, not
  /// hashing. Anything read from outside goes through the checking initializers.
  public init(
    id: String,
    type: String,
    props: [String: JSONValue],
    actions: [String: Action],
    size: ComponentSize,
    additionalFields: [String: JSONValue],
    storedDigest: String
  ) {
    self.id = id
    self.type = type
    self.props = props
    self.actions = actions
    self.size = size
    self.additionalFields = additionalFields
    self.digest = storedDigest
  }

  /// The action stored for `trigger`, if any.
  public func action(for trigger: ActionTrigger) -> Action? {
    actions[trigger.rawValue]
  }

  /// Whether this version's content vocabulary knows how to draw the node; an unknown node is
  /// carried opaquely and shown as a placeholder.
  public var isOpaque: Bool {
    ContentVocabulary.contentType(named: type) == nil
  }

  /// The full wire form, digest included.
  public var json: JSONValue {
    var members = Self.drawnMembers(
      type: type, props: props, actions: actions, size: size, additionalFields: additionalFields)
    members["id"] = .string(id)
    members["digest"] = .string(digest)
    return .object(members)
  }

  static let knownFields: Set<String> = ["id", "type", "props", "actions", "size", "digest"]

  /// Appends the full wire form (`json`) at nesting `depth`, written straight from the fields.
  func write(with writer: CanonicalJSONWriter, depth: Int, into output: inout [UInt8]) {
    Self.write(
      wire: (id, digest), type: type, props: props, actions: actions, size: size,
      additionalFields: additionalFields, with: writer, depth: depth, into: &output)
  }

  private static let drawnKeys = ["actions", "props", "size", "type"]
  private static let wireKeys = ["actions", "digest", "id", "props", "size", "type"]

  /// Writes the members `drawnMembers` would hold, plus `id` and `digest` when `wire` gives
  /// them, in canonical order; a newer minor version's fields go where their names sort.
  static func write(
    wire: (id: String, digest: String)?,
    type: String,
    props: [String: JSONValue],
    actions: [String: Action],
    size: ComponentSize,
    additionalFields: [String: JSONValue],
    with writer: CanonicalJSONWriter, depth: Int, into output: inout [UInt8]
  ) {
    let keys = CanonicalJSONWriter.canonicalKeys(
      wire == nil ? drawnKeys : wireKeys, adding: additionalFields)
    writer.writeObject(keys: keys, depth: depth, into: &output) { key, output in
      switch (key, wire) {
      case ("type", _): CanonicalJSONWriter.writeString(type, into: &output)
      case ("props", _): writer.write(.object(props), depth: depth + 1, into: &output)
      case ("size", _): size.write(with: writer, depth: depth + 1, into: &output)
      case ("actions", _):
        writer.writeMembers(actions, depth: depth + 1, into: &output) { action, output in
          action.write(with: writer, depth: depth + 2, into: &output)
        }
      case ("id", let wire?): CanonicalJSONWriter.writeString(wire.id, into: &output)
      case ("digest", let wire?): CanonicalJSONWriter.writeString(wire.digest, into: &output)
      default: writer.write(additionalFields[key]!, depth: depth + 1, into: &output)
      }
    }
  }

  private static func drawnMembers(
    type: String,
    props: [String: JSONValue],
    actions: [String: Action],
    size: ComponentSize,
    additionalFields: [String: JSONValue]
  ) -> [String: JSONValue] {
    var members = additionalFields
    members["type"] = .string(type)
    members["props"] = .object(props)
    members["actions"] = .object(actions.mapValues(\.json))
    members["size"] = size.json
    return members
  }
}
