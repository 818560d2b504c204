import Foundation

// Reading the wire format. Readers are lenient where a person writes a file by hand (digests, props,
// actions and size may be left out and are filled in) and strict where a machine could be fooled (a
// digest that is present must match, ids must be valid and unique, the major version must be known).

extension FeedDocument {
  /// Reads a feed document from JSON bytes.
  public init(data: Data) throws(FeedDocumentError) {
    let value: JSONValue
    do {
      value = try JSONParser.parse(Array(data))
    } catch {
      throw .notJSON(error)
    }
    try self.init(json: value)
  }

  /// Reads a feed document from an already parsed JSON value.
  public init(json: JSONValue) throws(FeedDocumentError) {
    guard let members = json.objectValue else {
      throw .invalidField(path: "document", reason: "it must be a JSON object")
    }
    guard let schema = members["schema"]?.stringValue, schema == Self.schemaName else {
      throw .unknownSchema(members["schema"]?.stringValue)
    }
    let versionText = try Self.string(members["version"], path: "version")
    guard let version = SchemaVersion(versionText) else {
      throw .invalidField(
        path: "version", reason: "it must look like \"1.0\", not \"\(versionText)\"")
    }
    guard version.major == Self.currentVersion.major else {
      throw .unsupportedVersion(found: versionText, supportedMajor: Self.currentVersion.major)
    }
    let owner = try Self.string(members["owner"], path: "owner")
    guard let revision = members["revision"]?.integerValue else {
      throw .invalidField(path: "revision", reason: "it must be an integer")
    }
    guard let sectionValues = members["sections"]?.arrayValue else {
      throw .invalidField(path: "sections", reason: "it must be an array")
    }
    var sections: [SectionNode] = []
    for (index, sectionValue) in sectionValues.enumerated() {
      sections.append(try Self.section(sectionValue, path: "sections[\(index)]"))
    }
    try self.init(
      owner: owner, revision: revision, sections: sections, version: version,
      additionalFields: members.filter { !Self.knownFields.contains($0.key) })
    if let stored = members["digest"] {
      try Self.check(
        stored, against: digest, id: "document",
        place: "the whole feed of owner \"\(owner)\", revision \(revision)", path: "digest")
    }
  }

  private static func section(_ value: JSONValue, path: String) throws(FeedDocumentError)
    -> SectionNode
  {
    guard let members = value.objectValue else {
      throw .invalidField(path: path, reason: "a section must be an object")
    }
    let id = try string(members["id"], path: "\(path).id")
    let place = "section \"\(id)\""
    guard let itemValues = members["items"]?.arrayValue else {
      throw .invalidField(path: "\(path).items", reason: "it must be an array")
    }
    var items: [ItemNode] = []
    for (index, itemValue) in itemValues.enumerated() {
      items.append(
        try item(itemValue, path: "\(path).items[\(index)]", place: "item \(index + 1) of \(place)")
      )
    }
    let header = try members["header"].map { value throws(FeedDocumentError) in
      try item(value, path: "\(path).header", place: "the header of \(place)")
    }
    let footer = try members["footer"].map { value throws(FeedDocumentError) in
      try item(value, path: "\(path).footer", place: "the footer of \(place)")
    }
    let section = SectionNode(
      id: id, header: header, footer: footer, items: items,
      additionalFields: members.filter { !SectionNode.knownFields.contains($0.key) })
    if let stored = members["digest"] {
      try check(stored, against: section.digest, id: id, place: place, path: "\(path).digest")
    }
    return section
  }

  private static func item(_ value: JSONValue, path: String, place: String)
    throws(FeedDocumentError) -> ItemNode
  {
    guard let members = value.objectValue else {
      throw .invalidField(path: path, reason: "an item must be an object")
    }
    let id = try string(members["id"], path: "\(path).id")
    let type = try string(members["type"], path: "\(path).type")
    var props: [String: JSONValue] = [:]
    if let propsValue = members["props"] {
      guard let object = propsValue.objectValue else {
        throw .invalidField(path: "\(path).props", reason: "it must be an object")
      }
      props = object
    }
    var actions: [String: Action] = [:]
    if let actionsValue = members["actions"] {
      guard let object = actionsValue.objectValue else {
        throw .invalidField(path: "\(path).actions", reason: "it must be an object")
      }
      for (trigger, actionValue) in object {
        do {
          actions[trigger] = try Action(json: actionValue)
        } catch .invalidField(_, let reason) {
          throw .invalidField(path: "\(path).actions.\(trigger)", reason: reason)
        }
      }
    }
    var size = ComponentSize.automatic
    if let sizeValue = members["size"] {
      do {
        size = try ComponentSize(json: sizeValue)
      } catch .invalidField(_, let reason) {
        throw .invalidField(path: "\(path).size", reason: reason)
      }
    }
    let node = ItemNode(
      id: id, type: type, props: props, actions: actions, size: size,
      additionalFields: members.filter { !ItemNode.knownFields.contains($0.key) })
    if let stored = members["digest"] {
      try check(stored, against: node.digest, id: id, place: place, path: "\(path).digest")
    }
    return node
  }

  private static func string(_ value: JSONValue?, path: String) throws(FeedDocumentError) -> String
  {
    guard let text = value?.stringValue else {
      throw .invalidField(path: path, reason: "it must be a string")
    }
    return text
  }

  private static func check(
    _ stored: JSONValue, against computed: String, id: String, place: String, path: String
  ) throws(FeedDocumentError) {
    guard let storedText = stored.stringValue else {
      throw .invalidField(path: path, reason: "a digest must be a string of 64 hex digits")
    }
    guard storedText == computed else {
      throw .digestMismatch(id: id, place: place, stored: storedText, computed: computed)
    }
  }
}
