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

  /// Appends the full wire form (`json`) at nesting `depth`: `drawnUTF8` as it stands (indented,
  /// for the pretty form), with `"digest"` and `"id"` spliced in before the first member whose
  /// name sorts after theirs. The drawn text never has members of those names, and always has
  /// `props`, which sorts after both; only the members before `props` are looked at, and the
  /// text goes out in at most three pieces.
  ///
  /// Names are compared as they stand in the text, escapes and all, which orders them as their
  /// UTF-8 bytes do against these two: an escape starts with `\` and stands for a character
  /// below `"a"`, and both are below every letter of `digest` and `id`.
  func write(with writer: CanonicalJSONWriter, depth: Int, into output: inout [UInt8]) {
    drawnUTF8.withUnsafeBytes { drawn in
      var splice = WireSplice(writer: writer, depth: depth, drawn: drawn, digest: digest, id: id)
      CompactObjectScanner.forEachMember(of: drawn) { name, member in
        splice.insert(before: name, at: member.baseAddress! - drawn.baseAddress!, into: &output)
      }
      splice.finish(into: &output)
    }
  }

  /// How far `write(with:depth:into:)` has put out an item's drawn text and its two spliced
  /// members.
  private struct WireSplice {
    let writer: CanonicalJSONWriter
    let depth: Int
    let drawn: UnsafeRawBufferPointer
    let digest: String
    let id: String
    /// How much of `drawn` is out.
    var written = 0
    /// How many of the spliced members (`digest`, then `id`) are out.
    var inserted = 0

    /// Puts out the spliced members not yet out whose names sort before `name`, the name of
    /// the drawn member at `offset`, after the drawn text before it; returns whether any are
    /// left to put out.
    mutating func insert(
      before name: UnsafeRawBufferPointer, at offset: Int, into output: inout [UInt8]
    ) -> Bool {
      while inserted < 2 {
        let (spliced, value) = inserted == 0 ? ("digest", digest) : ("id", id)
        if !spliced.utf8.lexicographicallyPrecedes(name) { return true }
        copy(upTo: offset, into: &output)
        CanonicalJSONWriter.writeString(spliced, into: &output)
        output.append(UInt8(ascii: ":"))
        if writer.pretty { output.append(UInt8(ascii: " ")) }
        CanonicalJSONWriter.writeString(value, into: &output)
        output.append(UInt8(ascii: ","))
        if writer.pretty { CanonicalJSONWriter.newline(depth: depth + 1, into: &output) }
        inserted += 1
      }
      return false
    }

    /// Puts out the rest of the drawn text.
    mutating func finish(into output: inout [UInt8]) {
      precondition(inserted == 2, "a drawn node always has props, which sorts after digest and id")
      copy(upTo: drawn.count, into: &output)
    }

    /// Puts out the drawn text from where it stopped up to `offset`, the start of a member or
    /// the end: a piece that starts at a member starts inside the object, one level deeper.
    private mutating func copy(upTo offset: Int, into output: inout [UInt8]) {
      let piece = UnsafeRawBufferPointer(rebasing: drawn[written..<offset])
      if writer.pretty {
        CanonicalJSONWriter.indent(piece, depth: written == 0 ? depth : depth + 1, into: &output)
      } else {
        output.append(contentsOf: piece)
      }
      written = offset
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
  /// fields go where their names sort. An additional field named `id` or `digest` gives way, as
  /// one named like a drawn field does: the drawn text is the node without those two, as a
  /// node read from JSON keeps it (`DrawnFields`), and the wire form splices the node's own in.
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
    let additionalFields = additionalFields.filter { !knownFields.contains($0.key) }
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
