/// One section of a feed document: an id, an optional header and footer, and its items.
public struct SectionNode: Hashable, Sendable {
  public let id: String
  public let header: ItemNode?
  public let footer: ItemNode?
  public let items: [ItemNode]
  /// Fields written by a newer minor version, kept and re-encoded as read.
  public let additionalFields: [String: JSONValue]
  /// SHA-256 of the canonical compact JSON of the section with every item — header and footer
  /// included — written as `[id, digest]`, a long section's items a chunk at a time (see
  /// `write(…digest: nil…)`), so it changes when any item, the order of items, the header or the
  /// footer changes, without serialising the items again.
  public let digest: String

  public init(
    id: String,
    header: ItemNode? = nil,
    footer: ItemNode? = nil,
    items: [ItemNode],
    additionalFields: [String: JSONValue] = [:]
  ) {
    // The digested text is short whatever the section's length: at most `digestChunkSize`
    // items' `[id, digest]`, or one chunk digest per `digestChunkSize` items.
    var digested: [UInt8] = []
    Self.write(
      id: id, header: header, footer: footer, items: items, additionalFields: additionalFields,
      digest: nil, with: CanonicalJSONWriter(), depth: 0, into: &digested, afterEachItem: { _ in })
    self.init(
      id: id, header: header, footer: footer, items: items, additionalFields: additionalFields,
      storedDigest: SHA256.hexDigest(of: digested))
  }

  /// Items per chunk of a long section's digest. A section of up to this many items is digested
  /// with every item's `[id, digest]`; a longer one with the digest of each run of this many
  /// consecutive items (the last one shorter), so a store that keeps the section's items in
  /// these chunks (`feed_head_chunks`) hashes one chunk and the list of chunk digests when an
  /// item changes, not the whole section: at 100,000 items, 22 KB and 26 KB instead of 8.5 MB.
  /// Short sections, nearly all of them, are digested as they were before chunks existed.
  public static let digestChunkSize = 256

  /// The digest of a run of items: SHA-256 of the compact canonical list of their
  /// `[id, digest]`, written in `scratch`.
  private static func chunkDigest(_ items: ArraySlice<ItemNode>, in scratch: inout [UInt8])
    -> String
  {
    scratch.removeAll(keepingCapacity: true)
    CanonicalJSONWriter().writeArray(count: items.count, depth: 0, into: &scratch) {
      index, output in
      let position = items.startIndex + index
      writeReference(id: items[position].id, digest: items[position].digest, into: &output)
    }
    return SHA256.hexDigest(of: scratch)
  }

  /// Writes an item as a section digest sees it: `[id, digest]`. It takes the two fields, not
  /// the item: an item taken out of a section's array to be read retained and released its
  /// drawn text as well, for each of a long section's items.
  private static func writeReference(id: String, digest: String, into output: inout [UInt8]) {
    CanonicalJSONWriter().writeArray(count: 2, depth: 0, into: &output) { index, output in
      CanonicalJSONWriter.writeString(index == 0 ? id : digest, into: &output)
    }
  }

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

  /// `shellJSON` as canonical compact text, written straight from the fields: a snapshot
  /// stores a shell for every section of every owner, and going through `JSONValue` parsed the
  /// header's and footer's drawn text only to write it out again.
  public var shellText: String {
    var fixed: [String] = []
    if footer != nil { fixed.append("footer") }
    if header != nil { fixed.append("header") }
    fixed.append("id")
    let writer = CanonicalJSONWriter()
    var output: [UInt8] = []
    writer.writeObject(
      keys: CanonicalJSONWriter.canonicalKeys(fixed, adding: additionalFields), depth: 0,
      into: &output
    ) { key, output in
      switch key {
      case "id": CanonicalJSONWriter.writeString(id, into: &output)
      case "header" where header != nil: header!.write(with: writer, depth: 1, into: &output)
      case "footer" where footer != nil: footer!.write(with: writer, depth: 1, into: &output)
      default: writer.write(additionalFields[key]!, depth: 1, into: &output)
      }
    }
    return String(decoding: output, as: UTF8.self)
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
  /// fields, `header` and `footer` as `[id, digest]`, and `items` as a list of `[id, digest]`
  /// or, in a section of more than `digestChunkSize` items, as the list of its chunks' digests.
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
        writeReference(id: item.id, digest: item.digest, into: &output)
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
      case ("items", nil) where items.count > digestChunkSize:
        let chunks = (items.count + digestChunkSize - 1) / digestChunkSize
        var scratch: [UInt8] = []
        writer.writeArray(count: chunks, depth: depth + 1, into: &output) { index, output in
          let start = index * digestChunkSize
          let chunk = items[start..<min(start + digestChunkSize, items.count)]
          CanonicalJSONWriter.writeString(chunkDigest(chunk, in: &scratch), into: &output)
        }
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
