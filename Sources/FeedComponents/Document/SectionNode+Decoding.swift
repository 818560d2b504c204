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
    let header = try members["header"].map { value throws(FeedDocumentError) in
      try ItemNode(
        json: value, path: "\(path).header", place: "the header of \(place)",
        trustingDigest: trustingDigests)
    }
    let footer = try members["footer"].map { value throws(FeedDocumentError) in
      try ItemNode(
        json: value, path: "\(path).footer", place: "the footer of \(place)",
        trustingDigest: trustingDigests)
    }
    let additionalFields = members.filter { !Self.knownFields.contains($0.key) }
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
}
