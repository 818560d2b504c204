extension SectionNode {
  /// Reads one section of a feed document, as `FeedDocument(json:)` does for each of its sections:
  /// its items, header and footer are read as `ItemNode(json:path:place:)` reads them, and a stored
  /// `digest` must match the content. `path` names the section in errors, such as `sections[2]`.
  ///
  /// A changeset carries sections in this form too, so a client reads them with the same rules.
  /// `trustingDigests` is for sections this program stored itself: the stored digests of the
  /// section and its items are then taken as given instead of checked.
  public init(json: JSONValue, path: String, trustingDigests: Bool = false)
    throws(FeedDocumentError)
  {
    guard let members = json.objectValue else {
      throw .invalidField(path: path, reason: "a section must be an object")
    }
    let id = try FeedDocument.string(members["id"], path: "\(path).id")
    let place = "section \"\(id)\""
    guard let itemValues = members["items"]?.arrayValue else {
      throw .invalidField(path: "\(path).items", reason: "it must be an array")
    }
    var items: [ItemNode] = []
    for (index, itemValue) in itemValues.enumerated() {
      items.append(
        try ItemNode(
          json: itemValue, path: "\(path).items[\(index)]", place: "item \(index + 1) of \(place)",
          trustingDigest: trustingDigests))
    }
    let shell = try Shell(members: members, path: path, trustingDigests: trustingDigests)
    let (header, footer, additionalFields) = (shell.header, shell.footer, shell.additionalFields)
    if trustingDigests, let stored = members["digest"]?.stringValue {
      self.init(
        id: id, header: header, footer: footer, items: items, additionalFields: additionalFields,
        storedDigest: stored)
      return
    }
    self.init(
      id: id, header: header, footer: footer, items: items, additionalFields: additionalFields)
    if let stored = members["digest"] {
      try FeedDocument.check(
        stored, against: digest, id: id, place: place, path: "\(path).digest")
    }
  }

  /// A section read back from storage this program wrote: its shell (`shellJSON`: id, header,
  /// footer and newer fields) and its items, already read; every digest is taken as stored.
  public init(storedShell shell: JSONValue, items: [ItemNode], storedDigest: String)
    throws(FeedDocumentError)
  {
    guard let members = shell.objectValue else {
      throw .invalidField(path: "section", reason: "a section must be an object")
    }
    let parts = try Shell(members: members, path: "section", trustingDigests: true)
    self.init(
      id: parts.id, header: parts.header, footer: parts.footer, items: items,
      additionalFields: parts.additionalFields, storedDigest: storedDigest)
  }

  /// What a section holds besides its items and digest.
  private struct Shell {
    let id: String
    let header: ItemNode?
    let footer: ItemNode?
    let additionalFields: [String: JSONValue]

    init(members: [String: JSONValue], path: String, trustingDigests: Bool)
      throws(FeedDocumentError)
    {
      id = try FeedDocument.string(members["id"], path: "\(path).id")
      let place = "section \"\(id)\""
      header = try members["header"].map { value throws(FeedDocumentError) in
        try ItemNode(
          json: value, path: "\(path).header", place: "the header of \(place)",
          trustingDigest: trustingDigests)
      }
      footer = try members["footer"].map { value throws(FeedDocumentError) in
        try ItemNode(
          json: value, path: "\(path).footer", place: "the footer of \(place)",
          trustingDigest: trustingDigests)
      }
      additionalFields = members.filter { !SectionNode.knownFields.contains($0.key) }
    }
  }
}
