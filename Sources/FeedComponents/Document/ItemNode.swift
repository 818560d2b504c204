/// One item of a feed as the phone receives it: `{id, type, props, actions, size, digest}`.
///
/// This is the "design syntax tree" node: everything the phone needs to draw the item and react to
/// it, with no reference to the component that produced it. Nodes whose type this version does not
/// know are kept whole, so an older reader can still show, diff and re-encode a newer feed.
///
/// A node keeps what it draws as one string, its canonical JSON (`drawnUTF8`), and nothing else
/// beside its id and digest. Those are the bytes its digest is computed over, the form a store
/// keeps it in and, with the id and digest spliced in, the form a phone receives: a feed of
/// 100,000 accounts is held in 44 MB (the parsed fields took 72 MB), and is encoded by copying
/// bytes rather than by writing every field again. The fields (`type`, `props`, …) are
/// parsed from that text when asked for, which only drawing the feed as text and describing a
/// diff for people do.
public struct ItemNode: Hashable, Sendable {
  public let id: String
  /// SHA-256 of the canonical compact JSON of this node without `id` and `digest`: it covers
  /// everything the phone draws or does with the item, and not where the item stands.
  public let digest: String
  /// The canonical compact JSON of the node without `id` and `digest`, as UTF-8 — the bytes
  /// its digest is computed over, and so the form a store keeps it in under that digest: the
  /// same content under any id, or in any feed, is one stored node. Kept as the bytes this
  /// program wrote rather than as a `String`, which would check every byte of every item again
  /// (4% of a 100,000-account `show`'s instructions) for text that was made from `String`s.
  public let drawnUTF8: [UInt8]

  /// `drawnUTF8` as text, for a store that binds it as such.
  public var drawnJSON: String { String(decoding: drawnUTF8, as: UTF8.self) }

  public init(
    id: String,
    type: String,
    props: [String: JSONValue],
    actions: [ActionTrigger: Action] = [:],
    size: ComponentSize = .automatic
  ) {
    let writer = CanonicalJSONWriter()
    self.init(
      id: id, type: type, writingProps: { writer.write(.object(props), depth: 1, into: &$0) },
      actions: ContentActions(actions), size: size)
  }

  /// A node as a component draws it: `writeProps` appends the canonical compact JSON of its
  /// props (see `ContentView.writeCanonicalProps`).
  init(
    id: String,
    type: String,
    writingProps writeProps: (inout [UInt8]) -> Void,
    actions: ContentActions,
    size: ComponentSize
  ) {
    let drawn = Self.drawn(type: type, writingProps: writeProps, actions: actions, size: size)
    self.init(id: id, written: drawn, storedDigest: SHA256.hexDigest(of: drawn))
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
    let drawn = Self.drawn(
      type: type, props: props, actions: actions, size: size, additionalFields: additionalFields)
    self.init(id: id, written: drawn, storedDigest: SHA256.hexDigest(of: drawn))
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
    let drawn = Self.drawn(
      type: type, props: props, actions: actions, size: size, additionalFields: additionalFields)
    self.init(id: id, written: drawn, storedDigest: storedDigest)
  }

  /// A node from the text a store keeps it as (`drawnJSON`) and the digest stored beside it,
  /// which is taken as given: this program stored both. The text is read, so a damaged one is
  /// refused here rather than when it is shown, and written again in canonical form, since
  /// text stored by an older version may be spaced or ordered otherwise (`jsonb`'s).
  public init(id: String, drawnJSON: String, storedDigest: String) throws(FeedDocumentError) {
    let fields = try DrawnFields(drawnUTF8: Array(drawnJSON.utf8), path: "item \(id)")
    self.init(
      id: id, type: fields.type, props: fields.props, actions: fields.actions, size: fields.size,
      additionalFields: fields.additionalFields, storedDigest: storedDigest)
  }

  /// The one place a node is made: from drawn text this program has just written.
  private init(id: String, written drawn: [UInt8], storedDigest: String) {
    self.id = id
    self.drawnUTF8 = drawn
    self.digest = storedDigest
  }

  /// The node type, such as `account_row`; a phone draws the types it knows.
  public var type: String {
    guard case .string(let type)? = drawnMember("type") else {
      preconditionFailure("the drawn JSON of item \(id) has no type")
    }
    return type
  }

  /// What the item shows, parsed alone from `drawnUTF8`: all that drawing it as text reads, so
  /// a long feed shown as text does not parse every node's actions and size as well.
  public var props: [String: JSONValue] { drawnMember("props")?.objectValue ?? [:] }

  /// Actions keyed by trigger name (`touch`, `button`, `toggle`, `dismiss`, or a newer one).
  public var actions: [String: Action] { fields.actions }
  public var size: ComponentSize { fields.size }
  /// Fields written by a newer minor version, kept and re-encoded as read.
  public var additionalFields: [String: JSONValue] { fields.additionalFields }

  /// Every field of the node, parsed from `drawnUTF8` in one pass: for a caller that reads
  /// several, such as a view drawing the item as text.
  public var fields: DrawnFields {
    do {
      return try DrawnFields(drawnUTF8: drawnUTF8, path: "item \(id)")
    } catch {
      // Every initializer either wrote the text from valid fields or parsed it as such.
      preconditionFailure("the drawn JSON of item \(id) no longer parses: \(error)")
    }
  }

  /// The value of one member of `drawnUTF8`, parsed by itself.
  private func drawnMember(_ name: String) -> JSONValue? {
    drawnUTF8.withUnsafeBytes { bytes in
      guard let value = CompactObjectScanner.value(named: name, in: bytes)
      else { return nil }
      do {
        return try JSONParser.parse(Array(value))
      } catch {
        preconditionFailure("the drawn JSON of item \(id) no longer parses: \(error)")
      }
    }
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
    let fields = self.fields
    var members = fields.additionalFields
    members["type"] = .string(fields.type)
    members["props"] = .object(fields.props)
    members["actions"] = .object(fields.actions.mapValues(\.json))
    members["size"] = fields.size.json
    members["id"] = .string(id)
    members["digest"] = .string(digest)
    return .object(members)
  }

  static let knownFields: Set<String> = ["id", "type", "props", "actions", "size", "digest"]

  /// Appends the full wire form (`json`) at nesting `depth`: the members of `drawnUTF8` in
  /// their canonical order, each copied as it stands (indented, for the pretty form), with
  /// `"digest"` and `"id"` inserted before the first member whose name sorts after theirs.
  ///
  /// Names are compared as they stand in the text, escapes and all, which orders them as their
  /// UTF-8 bytes do against these two: an escape starts with `\` and stands for a character
  /// below `"a"`, and both are below every letter of `digest` and `id`.
  func write(with writer: CanonicalJSONWriter, depth: Int, into output: inout [UInt8]) {
    var members = WireMembers(writer: writer, depth: depth, digest: digest, id: id)
    drawnUTF8.withUnsafeBytes { drawn in
      output.append(UInt8(ascii: "{"))
      CompactObjectScanner.forEachMember(of: drawn) { name, member in
        members.insert(before: name, into: &output)
        // A newer version's field of the same name gives way, as it does in `json`.
        if WireMembers.isInserted(name) { return }
        members.start(into: &output)
        if writer.pretty {
          CanonicalJSONWriter.indent(member, depth: depth + 1, into: &output)
        } else {
          output.append(contentsOf: member)
        }
      }
      members.insert(before: nil, into: &output)
      if writer.pretty { CanonicalJSONWriter.newline(depth: depth, into: &output) }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// The members `write(with:depth:into:)` has put out so far: whether any has, and how many
  /// of `digest` and `id` (inserted in that, their canonical, order).
  private struct WireMembers {
    let writer: CanonicalJSONWriter
    let depth: Int
    let digest: String
    let id: String
    var inserted = 0
    var first = true

    /// Whether a drawn member is named as one of the two this writer inserts.
    static func isInserted(_ name: UnsafeRawBufferPointer) -> Bool {
      func named(_ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { literal in
          name.count == literal.count && !zip(name, literal).contains { $0 != $1 }
        }
      }
      return named("digest") || named("id")
    }

    /// The separator and line break before the next member.
    mutating func start(into output: inout [UInt8]) {
      if !first { output.append(UInt8(ascii: ",")) }
      first = false
      if writer.pretty { CanonicalJSONWriter.newline(depth: depth + 1, into: &output) }
    }

    /// Writes `digest` and `id`, those not yet written, while they sort before `name` (all
    /// that are left when `name` is nil).
    mutating func insert(before name: UnsafeRawBufferPointer?, into output: inout [UInt8]) {
      while inserted < 2 {
        let (next, value) = inserted == 0 ? ("digest", digest) : ("id", id)
        if let name, !next.utf8.lexicographicallyPrecedes(name) { return }
        start(into: &output)
        CanonicalJSONWriter.writeString(next, into: &output)
        output.append(UInt8(ascii: ":"))
        if writer.pretty { output.append(UInt8(ascii: " ")) }
        CanonicalJSONWriter.writeString(value, into: &output)
        inserted += 1
      }
    }
  }

  private static let drawnKeys = ["actions", "props", "size", "type"]

  /// `drawn(type:props:actions:size:additionalFields:)` for a node a component has just drawn,
  /// which has exactly the four members, written straight in their canonical order, its
  /// actions in the order `ContentActions` keeps them: every item of every feed is drawn
  /// through here, and listing, sorting and switching over the names (and keying the actions
  /// by name first) cost more than writing them.
  private static func drawn(
    type: String,
    writingProps writeProps: (inout [UInt8]) -> Void,
    actions: ContentActions,
    size: ComponentSize
  ) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(256)
    output.append(literal: #"{"actions":{"#)
    var first = true
    for trigger in ContentActions.triggers {
      guard let action = actions[trigger] else { continue }
      if !first { output.append(UInt8(ascii: ",")) }
      first = false
      CanonicalJSONWriter.writeString(trigger.rawValue, into: &output)
      output.append(UInt8(ascii: ":"))
      action.writeCompact(into: &output)
    }
    output.append(literal: #"},"props":"#)
    writeProps(&output)
    output.append(literal: #","size":"#)
    size.writeCompact(into: &output)
    output.append(literal: #","type":"#)
    CanonicalJSONWriter.writeString(type, into: &output)
    output.append(UInt8(ascii: "}"))
    return output
  }

  /// The canonical compact JSON of the fields, in canonical order; a newer minor version's
  /// fields go where their names sort.
  private static func drawn(
    type: String,
    props: [String: JSONValue],
    actions: [String: Action],
    size: ComponentSize,
    additionalFields: [String: JSONValue]
  ) -> [UInt8] {
    let writer = CanonicalJSONWriter()
    var output: [UInt8] = []
    output.reserveCapacity(256)
    let keys = CanonicalJSONWriter.canonicalKeys(drawnKeys, adding: additionalFields)
    writer.writeObject(keys: keys, depth: 0, into: &output) { key, output in
      switch key {
      case "type": CanonicalJSONWriter.writeString(type, into: &output)
      case "props": writer.write(.object(props), depth: 1, into: &output)
      case "size": size.writeCompact(into: &output)
      case "actions":
        writer.writeMembers(actions, depth: 1, into: &output) { action, output in
          action.writeCompact(into: &output)
        }
      default: writer.write(additionalFields[key]!, depth: 1, into: &output)
      }
    }
    return output
  }
}
