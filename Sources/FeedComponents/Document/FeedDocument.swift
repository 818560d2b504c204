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
    SHA256.hexDigest(
      of: CanonicalJSONWriter().bytes(
        .array(sections.map { .array([.string($0.id), .string($0.digest)]) })))
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
  public func encoded(pretty: Bool = false) -> Data {
    CanonicalJSONWriter(pretty: pretty).data(json)
  }

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
    Self.itemsWithPlaces(in: sections)
  }

  private static func itemsWithPlaces(
    in sections: [SectionNode]
  ) -> [(item: ItemNode, place: String)] {
    sections.flatMap { section in
      var found: [(ItemNode, String)] = []
      if let header = section.header {
        found.append((header, "the header of section \"\(section.id)\""))
      }
      for (index, item) in section.items.enumerated() {
        found.append((item, "item \(index + 1) of section \"\(section.id)\""))
      }
      if let footer = section.footer {
        found.append((footer, "the footer of section \"\(section.id)\""))
      }
      return found
    }
  }

  static let knownFields: Set<String> = [
    "schema", "version", "owner", "sections", "digest",
  ]

  private static func validateIDs(_ sections: [SectionNode]) throws(FeedDocumentError) {
    var sectionPlaces: [String: String] = [:]
    var itemPlaces: [String: String] = [:]
    for (index, section) in sections.enumerated() {
      let place = "section \(index + 1)"
      if let reason = FeedIdentifier.problem(with: section.id) {
        throw .invalidID(id: section.id, place: place, reason: reason)
      }
      if let first = sectionPlaces[section.id] {
        throw .duplicateID(id: section.id, first: first, second: place)
      }
      sectionPlaces[section.id] = place
    }
    for (item, place) in itemsWithPlaces(in: sections) {
      if let reason = FeedIdentifier.problem(with: item.id) {
        throw .invalidID(id: item.id, place: place, reason: reason)
      }
      if let first = itemPlaces[item.id] {
        throw .duplicateID(id: item.id, first: first, second: place)
      }
      itemPlaces[item.id] = place
    }
  }
}
