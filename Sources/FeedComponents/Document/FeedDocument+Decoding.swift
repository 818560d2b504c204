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
  ///
  /// A version 1 document is read as the current version: its `revision` (a snapshot counter that
  /// did not follow the content) must still be an integer but is dropped, and nothing else changes,
  /// since no digest ever covered it.
  ///
  /// `trustingDigests` is for documents this program stored itself (a snapshot): every stored
  /// digest is then taken as given instead of computed and checked, so reading a large stored
  /// feed costs parsing, not hashing.
  public init(json: JSONValue, trustingDigests: Bool = false) throws(FeedDocumentError) {
    guard let members = json.objectValue else {
      throw .invalidField(path: "document", reason: "it must be a JSON object")
    }
    let (version, owner, additionalFields) = try Self.top(members)
    guard let sectionValues = members["sections"]?.arrayValue else {
      throw .invalidField(path: "sections", reason: "it must be an array")
    }
    var sections: [SectionNode] = []
    for (index, sectionValue) in sectionValues.enumerated() {
      sections.append(
        try SectionNode(
          json: sectionValue, path: "sections[\(index)]", trustingDigests: trustingDigests))
    }
    if trustingDigests, let stored = members["digest"]?.stringValue {
      try self.init(
        owner: owner, sections: sections, version: version, additionalFields: additionalFields,
        storedDigest: stored)
      return
    }
    try self.init(
      owner: owner, sections: sections, version: version, additionalFields: additionalFields)
    if let stored = members["digest"] {
      try Self.check(
        stored, against: digest, id: "document", place: "the whole feed of owner \"\(owner)\"",
        path: "digest")
    }
  }

  /// A document read back from storage this program wrote: its top-level members (`topJSON`,
  /// read as `init(json:)` reads them) and its sections, already read; the digest is taken as
  /// stored.
  public init(storedTop top: JSONValue, sections: [SectionNode], storedDigest: String)
    throws(FeedDocumentError)
  {
    guard let members = top.objectValue else {
      throw .invalidField(path: "document", reason: "it must be a JSON object")
    }
    let (version, owner, additionalFields) = try Self.top(members)
    try self.init(
      owner: owner, sections: sections, version: version, additionalFields: additionalFields,
      storedDigest: storedDigest)
  }

  /// The schema, version, owner and newer fields of a document's members. A version 1
  /// document is read as the current version, its `revision` checked and dropped.
  private static func top(_ members: [String: JSONValue]) throws(FeedDocumentError) -> (
    version: SchemaVersion, owner: String, additionalFields: [String: JSONValue]
  ) {
    guard let schema = members["schema"]?.stringValue, schema == Self.schemaName else {
      throw .unknownSchema(members["schema"]?.stringValue)
    }
    let versionText = try Self.string(members["version"], path: "version")
    guard var version = SchemaVersion(versionText) else {
      throw .invalidField(
        path: "version", reason: "it must look like \"2.0\", not \"\(versionText)\"")
    }
    guard Self.readableMajors.contains(version.major) else {
      throw .unsupportedVersion(found: versionText, readableMajors: Self.readableMajors)
    }
    var additionalFields = members.filter { !Self.knownFields.contains($0.key) }
    if version.major == 1 {
      guard members["revision"]?.integerValue != nil else {
        throw .invalidField(path: "revision", reason: "it must be an integer")
      }
      additionalFields["revision"] = nil
      version = Self.currentVersion
    }
    return (version, try Self.string(members["owner"], path: "owner"), additionalFields)
  }

  static func string(_ value: JSONValue?, path: String) throws(FeedDocumentError) -> String {
    guard let text = value?.stringValue else {
      throw .invalidField(path: path, reason: "it must be a string")
    }
    return text
  }

  static func check(
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
