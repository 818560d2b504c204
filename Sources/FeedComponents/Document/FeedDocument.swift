import Foundation

/// A rendered feed: what is sent to phones, stored in snapshots and compared by diffs.
///
/// It holds only data — owner and sections of item nodes — with digests computed from the canonical
/// JSON, so two documents with the same content have the same bytes and the same digests in every
/// process. Building one checks the ids, so an invalid feed cannot exist as a value.
///
/// It carries no counter: its `digest` is its version. Anything that names a document for caching
/// or catching up (an ETag, a changeset's base and target) uses the digest, which changes exactly
/// when what the phone shows changes, whoever wrote the rows and whatever the clock did.
public struct FeedDocument: Hashable, Sendable {
  /// The `schema` marker every feed document carries.
  public static let schemaName = "accountfeed.feed"
  /// The version this code writes. Version 2 dropped version 1's `revision`.
  public static let currentVersion = SchemaVersion(major: 2, minor: 0)
  /// The major versions this code reads; a version 1 document is read as the current version.
  public static let readableMajors = 1...2

  public let version: SchemaVersion
  /// Whose feed this is, such as the owner's id.
  public let owner: String
  public let sections: [SectionNode]
  /// Top-level fields written by a newer minor version, kept and re-encoded as read.
  public let additionalFields: [String: JSONValue]
  /// SHA-256 of the canonical compact JSON of the sections as a list of `[id, digest]`: it
  /// identifies what the phone shows, so it ignores `owner` and the version marker, and it is
  /// computed from the section digests without serialising the feed again. It is the document's
  /// version: equal digests mean the same screen.
  public let digest: String

  /// Assembles a document and validates its ids (see `FeedIdentifier`): section ids must be unique
  /// among sections, and item ids (headers and footers included) unique in the whole feed, because
  /// an item may move from one section to another.
  public init(
    owner: String,
    sections: [SectionNode],
    version: SchemaVersion = FeedDocument.currentVersion,
    additionalFields: [String: JSONValue] = [:]
  ) throws(FeedDocumentError) {
    try self.init(
      owner: owner, sections: sections, version: version, additionalFields: additionalFields,
      storedDigest: Self.digest(ofSections: sections.map { ($0.id, $0.digest) }))
  }

  /// The digest of a document whose sections have these ids and digests, in order: what a
  /// document built from sections gives, for a caller that has only their digests.
  public static func digest(ofSections sections: [(id: String, digest: String)]) -> String {
    let writer = CanonicalJSONWriter()
    var references: [UInt8] = []
    references.reserveCapacity(2 + sections.count * 96)
    writer.writeArray(count: sections.count, depth: 0, into: &references) { index, output in
      writer.writeArray(count: 2, depth: 1, into: &output) { part, output in
        CanonicalJSONWriter.writeString(
          part == 0 ? sections[index].id : sections[index].digest, into: &output)
      }
    }
    return SHA256.hexDigest(of: references)
  }

  /// A document read back from storage this program wrote, its stored digest taken as given
  /// (see `ItemNode.init(id:type:props:actions:size:additionalFields:storedDigest:)`); the ids
  /// are still checked.
  public init(
    owner: String, sections: [SectionNode], version: SchemaVersion,
    additionalFields: [String: JSONValue], storedDigest: String
  ) throws(FeedDocumentError) {
    try Self.validateIDs(sections)
    self.version = version
    self.owner = owner
    self.sections = sections
    self.additionalFields = additionalFields
    self.digest = storedDigest
  }

  /// The canonical bytes: the same document always encodes to the same bytes. The pretty form is
  /// for people and files; the compact form is what digests are computed over.
  ///
  /// It is written straight from the nodes, never through a `JSONValue` tree, and gives exactly
  /// the bytes `CanonicalJSONWriter` gives for `json`.
  public func encoded(pretty: Bool = false) -> Data {
    let itemCount = sections.reduce(0) { $0 + $1.items.count + 2 }
    // Capacity is only reserved, not touched, so guessing high costs no memory.
    var data = Data(capacity: 512 + itemCount * (pretty ? 480 : 320))
    write(pretty: pretty) { data.append(contentsOf: $0) }
    return data
  }

  /// Writes the bytes `encoded(pretty:)` gives, a piece of about 64 KB at a time, each ending
  /// after a whole item (and so never inside a character): a feed of any size goes to a file or
  /// a socket without its text ever being held whole beside the document.
  public func write(pretty: Bool = false, to sink: ([UInt8]) -> Void) {
    let writer = CanonicalJSONWriter(pretty: pretty)
    var output: [UInt8] = []
    output.reserveCapacity(Self.chunkSize + 4096)
    func drain(_ output: inout [UInt8]) {
      if output.count >= Self.chunkSize {
        sink(output)
        output.removeAll(keepingCapacity: true)
      }
    }
    let keys = CanonicalJSONWriter.canonicalKeys(Self.wireKeys, adding: additionalFields)
    writer.writeObject(keys: keys, depth: 0, into: &output) { key, output in
      switch key {
      case "schema": CanonicalJSONWriter.writeString(Self.schemaName, into: &output)
      case "version": CanonicalJSONWriter.writeString(version.description, into: &output)
      case "owner": CanonicalJSONWriter.writeString(owner, into: &output)
      case "digest": CanonicalJSONWriter.writeString(digest, into: &output)
      case "sections":
        writer.writeArray(count: sections.count, depth: 1, into: &output) { index, output in
          sections[index].write(with: writer, depth: 2, into: &output, afterEachItem: drain)
        }
      default: writer.write(additionalFields[key]!, depth: 1, into: &output)
      }
    }
    sink(output)
  }

  /// How much text `write(pretty:to:)` gathers before handing it on.
  private static let chunkSize = 64 * 1024

  private static let wireKeys = ["digest", "owner", "schema", "sections", "version"]

  /// The full wire form.
  public var json: JSONValue {
    var members = additionalFields
    members["schema"] = .string(Self.schemaName)
    members["version"] = .string(version.description)
    members["owner"] = .string(owner)
    members["sections"] = .array(sections.map(\.json))
    members["digest"] = .string(digest)
    return .object(members)
  }

  /// Every item in order, headers and footers included, with a description of where it stands.
  public var itemsWithPlaces: [(item: ItemNode, place: String)] {
    var found: [(item: ItemNode, place: String)] = []
    Self.forEachItem(in: sections) { item, section, slot in
      found.append((item, Self.place(of: slot, in: sections[section])))
    }
    return found
  }

  /// Where an item stands in its section.
  private enum Slot {
    case header
    case item(Int)
    case footer
  }

  /// Whether an item before the one at `slot` of section `section` — in an earlier section,
  /// or earlier in the same one — has the id `id`, read where the items stand.
  private static func appears(
    _ id: String, before slot: Slot, ofSection section: Int, in sections: [SectionNode]
  ) -> Bool {
    func appears(in index: Int, before slot: Slot?) -> Bool {
      if case .header = slot { return false }
      if sections[index].header?.id == id { return true }
      let end: Int
      if case .item(let position) = slot {
        end = position
      } else {
        end = sections[index].items.count
      }
      if (0..<end).contains(where: { sections[index].items[$0].id == id }) { return true }
      return slot == nil && sections[index].footer?.id == id
    }
    return (0..<section).contains { appears(in: $0, before: nil) }
      || appears(in: section, before: slot)
  }

  private static func forEachItem<Failure: Error>(
    in sections: [SectionNode], _ body: (ItemNode, Int, Slot) throws(Failure) -> Void
  ) throws(Failure) {
    for (index, section) in sections.enumerated() {
      if let header = section.header { try body(header, index, .header) }
      for (position, item) in section.items.enumerated() { try body(item, index, .item(position)) }
      if let footer = section.footer { try body(footer, index, .footer) }
    }
  }

  private static func place(of slot: Slot, in section: SectionNode) -> String {
    switch slot {
    case .header: return "the header of section \"\(section.id)\""
    case .item(let position): return "item \(position + 1) of section \"\(section.id)\""
    case .footer: return "the footer of section \"\(section.id)\""
    }
  }

  static let knownFields: Set<String> = [
    "schema", "version", "owner", "sections", "digest",
  ]

  /// Checks every id; where an id stands is looked up and described only for an error.
  ///
  /// A document of a few ids (most of them: an owner of ten accounts has fourteen) compares each
  /// with those before it, where they stand: hashing them into sets cost more than that, two
  /// sets allocated for every feed drawn, 4% of drawing a ten-account feed.
  private static func validateIDs(_ sections: [SectionNode]) throws(FeedDocumentError) {
    let fewIDs = 32
    var sectionIDs = Set<String>(minimumCapacity: sections.count > fewIDs ? sections.count : 0)
    for (index, section) in sections.enumerated() {
      if let reason = FeedIdentifier.problem(with: section.id) {
        throw .invalidID(id: section.id, place: "section \(index + 1)", reason: reason)
      }
      let repeated =
        sections.count > fewIDs
        ? !sectionIDs.insert(section.id).inserted
        : (0..<index).contains { sections[$0].id == section.id }
      if repeated {
        let first = sections.firstIndex { $0.id == section.id }!
        throw .duplicateID(
          id: section.id, first: "section \(first + 1)", second: "section \(index + 1)")
      }
    }
    let total = sections.reduce(0) { $0 + $1.items.count + 2 }
    var itemIDs = total > fewIDs ? IdentifierFingerprints(capacity: total) : nil
    func check(_ id: String, section: Int, slot: Slot) throws(FeedDocumentError) {
      if let reason = FeedIdentifier.problem(with: id) {
        throw .invalidID(id: id, place: place(of: slot, in: sections[section]), reason: reason)
      }
      // A fingerprint seen before only says the id may repeat; the ids before it say whether
      // it does.
      var mayRepeat = true
      if itemIDs != nil { mayRepeat = !itemIDs!.insert(id) }
      let repeated = mayRepeat && appears(id, before: slot, ofSection: section, in: sections)
      if repeated {
        var first: String?
        forEachItem(in: sections) { other, otherSection, otherSlot in
          if first == nil && other.id == id {
            first = place(of: otherSlot, in: sections[otherSection])
          }
        }
        throw .duplicateID(id: id, first: first!, second: place(of: slot, in: sections[section]))
      }
    }
    // The ids are read where the items stand: taking each item out of its array (as
    // `forEachItem` does) retains and releases its text and digest, 200,000 objects scattered
    // through memory for a feed of 100,000 items, to read the id beside them.
    for (index, section) in sections.enumerated() {
      if let header = section.header { try check(header.id, section: index, slot: .header) }
      let items = section.items
      for position in items.indices {
        try check(items[position].id, section: index, slot: .item(position))
      }
      if let footer = section.footer { try check(footer.id, section: index, slot: .footer) }
    }
  }
}
