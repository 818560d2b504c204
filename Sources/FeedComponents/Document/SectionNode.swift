/// One section of a feed document: an id, an optional header and footer, and its items.
public struct SectionNode: Hashable, Sendable {
  public let id: String
  public let header: ItemNode?
  public let footer: ItemNode?
  public let items: [ItemNode]
  /// Fields written by a newer minor version, kept and re-encoded as read.
  public let additionalFields: [String: JSONValue]
  /// SHA-256 of the canonical compact JSON of the section with every item — header and footer
  /// included — written as `[id, digest]` (see `digestedContent`), so it changes when any item,
  /// the order of items, the header or the footer changes, without serialising the items again.
  public let digest: String

  public init(
    id: String,
    header: ItemNode? = nil,
    footer: ItemNode? = nil,
    items: [ItemNode],
    additionalFields: [String: JSONValue] = [:]
  ) {
    // Hashed a piece at a time: a long section's `[id, digest]` list is never held whole.
    var hasher = SHA256.Hasher()
    var digested: [UInt8] = []
    digested.reserveCapacity(Self.digestPiece + 256)
    Self.write(
      id: id, header: header, footer: footer, items: items, additionalFields: additionalFields,
      digest: nil, with: CanonicalJSONWriter(), depth: 0, into: &digested,
      afterEachItem: { digested in
        if digested.count >= Self.digestPiece {
          hasher.update(digested)
          digested.removeAll(keepingCapacity: true)
        }
      })
    hasher.update(digested)
    self.init(
      id: id, header: header, footer: footer, items: items, additionalFields: additionalFields,
      storedDigest: hasher.finalizeHex())
  }

  /// How much of the digested text `init` gathers before hashing it.
  private static let digestPiece = 16 * 1024

  /// A section read back from storage this program wrote, its stored digest taken as given
  /// (see `ItemNode.init(id:type:props:actions:size:additionalFields:storedDigest:)`).
  public init(
    id: String, header: ItemNode?, footer: ItemNode?, items: [ItemNode],
    additionalFields: [String: JSONValue], storedDigest: String
  ) {
    self.id = id
    self.header = header
    self.footer = footer
    self.items = items
    self.additionalFields = additionalFields
    self.digest = storedDigest
  }

  /// The full wire form, digest included.
  public var json: JSONValue {
    var members = Self.contentMembers(
      id: id, header: header, footer: footer, items: items, additionalFields: additionalFields)
    members["digest"] = .string(digest)
    return .object(members)
  }

  /// The section without `items` and `digest` — its id, header, footer and newer fields: what a
  /// snapshot stores once per section while its items are stored by reference.
  public var shellJSON: JSONValue {
    var members = additionalFields
    members["id"] = .string(id)
    if let header { members["header"] = header.json }
    if let footer { members["footer"] = footer.json }
    return .object(members)
  }

  static let knownFields: Set<String> = ["id", "header", "footer", "items", "digest"]

  /// Appends the full wire form (`json`) at nesting `depth`, written straight from the fields.
  /// `afterEachItem` sees the buffer after every item of `items`, to drain it.
  func write(
    with writer: CanonicalJSONWriter, depth: Int, into output: inout [UInt8],
    afterEachItem: (inout [UInt8]) -> Void = { _ in }
  ) {
    Self.write(
      id: id, header: header, footer: footer, items: items, additionalFields: additionalFields,
      digest: digest, with: writer, depth: depth, into: &output, afterEachItem: afterEachItem)
  }

  /// Writes the section in canonical order: with its `digest`, the wire form, its header,
  /// footer and items whole; without, what the section digest covers — the section's own
  /// fields, `header` and `footer` as `[id, digest]`, and `items` as a list of `[id, digest]`.
  static func write(
    id: String,
    header: ItemNode?,
    footer: ItemNode?,
    items: [ItemNode],
    additionalFields: [String: JSONValue],
    digest: String?,
    with writer: CanonicalJSONWriter, depth: Int, into output: inout [UInt8],
    afterEachItem: (inout [UInt8]) -> Void
  ) {
    var fixed: [String] = []
    fixed.reserveCapacity(5)
    if digest != nil { fixed.append("digest") }
    if footer != nil { fixed.append("footer") }
    if header != nil { fixed.append("header") }
    fixed += ["id", "items"]
    func item(_ item: ItemNode, depth: Int, into output: inout [UInt8]) {
      if digest == nil {
        writer.writeArray(count: 2, depth: depth, into: &output) { index, output in
          CanonicalJSONWriter.writeString(index == 0 ? item.id : item.digest, into: &output)
        }
      } else {
        item.write(with: writer, depth: depth, into: &output)
      }
    }
    let keys = CanonicalJSONWriter.canonicalKeys(fixed, adding: additionalFields)
    writer.writeObject(keys: keys, depth: depth, into: &output) { key, output in
      switch (key, digest) {
      case ("id", _): CanonicalJSONWriter.writeString(id, into: &output)
      case ("header", _) where header != nil: item(header!, depth: depth + 1, into: &output)
      case ("footer", _) where footer != nil: item(footer!, depth: depth + 1, into: &output)
      case ("items", _):
        writer.writeArray(count: items.count, depth: depth + 1, into: &output) { index, output in
          item(items[index], depth: depth + 2, into: &output)
          afterEachItem(&output)
        }
      case ("digest", let digest?): CanonicalJSONWriter.writeString(digest, into: &output)
      default: writer.write(additionalFields[key]!, depth: depth + 1, into: &output)
      }
    }
  }

  private static func contentMembers(
    id: String,
    header: ItemNode?,
    footer: ItemNode?,
    items: [ItemNode],
    additionalFields: [String: JSONValue]
  ) -> [String: JSONValue] {
    var members = additionalFields
    members["id"] = .string(id)
    if let header { members["header"] = header.json }
    if let footer { members["footer"] = footer.json }
    members["items"] = .array(items.map(\.json))
    return members
  }
}
