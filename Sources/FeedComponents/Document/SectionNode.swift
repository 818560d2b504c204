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
    self.init(
      id: id, header: header, footer: footer, items: items, additionalFields: additionalFields,
      storedDigest: SHA256.hexDigest(
        of: CanonicalJSONWriter().bytes(
          Self.digestedContent(
            id: id, header: header.map(Self.reference), footer: footer.map(Self.reference),
            items: .array(items.map(Self.reference)), additionalFields: additionalFields))))
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

  static let knownFields: Set<String> = ["id", "header", "footer", "items", "digest"]

  /// What the section digest covers: the section's own fields, `header` and `footer` as
  /// `[id, digest]`, and `items` as a list of `[id, digest]`.
  static func digestedContent(
    id: String,
    header: JSONValue?,
    footer: JSONValue?,
    items: JSONValue,
    additionalFields: [String: JSONValue]
  ) -> JSONValue {
    var members = additionalFields
    members["id"] = .string(id)
    if let header { members["header"] = header }
    if let footer { members["footer"] = footer }
    members["items"] = items
    return .object(members)
  }

  /// An item as the section digest lists it.
  static func reference(_ item: ItemNode) -> JSONValue {
    .array([.string(item.id), .string(item.digest)])
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
