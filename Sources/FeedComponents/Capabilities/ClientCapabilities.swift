/// What a client can draw: the feed version it reads and the component types it knows.
///
/// A phone sends it with every request (an HTTP header; `--client-caps` on the command line) as
/// text, `VERSION:TYPE,TYPE,…`, for example `2.0:title,account_row,notice`. The server never sends
/// it a type outside `types`: a component the client cannot draw is replaced by its declared
/// fallback, or left out when it declares none (`AnyComponent.resolved(for:)`). A document
/// records the set it was built for (`FeedDocument.capabilities`), so two documents are compared
/// only when they were built for the same set.
public struct ClientCapabilities: Hashable, Sendable, CustomStringConvertible {
  /// The feed version the client reads; its major version is the one this server writes.
  public let schema: SchemaVersion
  /// The node types the client draws, such as `account_row`.
  public let types: Set<String>

  /// Checks that the client reads the version this server writes and that every type is a
  /// well-formed type name; types this server does not know are allowed (a newer client).
  public init(schema: SchemaVersion, types: Set<String>) throws(ClientCapabilitiesError) {
    guard schema.major == FeedDocument.currentVersion.major else {
      throw .unreadableVersion(client: schema, server: FeedDocument.currentVersion)
    }
    guard !types.isEmpty else { throw .noTypes }
    if let bad = types.sorted().first(where: { !Self.isTypeName($0) }) {
      throw .invalidType(bad)
    }
    self.schema = schema
    self.types = types
  }

  /// Reads the text form, `2.0:title,account_row` (spaces around the parts are allowed), or
  /// the name of a supported client version, such as `app-1.4` (`SupportedClient`).
  public init(parsing text: String) throws(ClientCapabilitiesError) {
    let trimmed = text.trimmingSpaces
    guard let colon = trimmed.firstIndex(of: ":") else {
      guard let client = SupportedClient.named(trimmed) else { throw .malformed(text) }
      self = client.capabilities
      return
    }
    let versionText = String(trimmed[..<colon]).trimmingSpaces
    guard let schema = SchemaVersion(versionText) else {
      throw .invalidVersion(versionText)
    }
    let types = trimmed[trimmed.index(after: colon)...]
      .split(separator: ",", omittingEmptySubsequences: false)
      .map { String($0).trimmingSpaces }
    if types.contains("") && types != [""] { throw .emptyType(text) }
    try self.init(schema: schema, types: Set(types.filter { !$0.isEmpty }))
  }

  /// Everything this version draws: what a document is built for when a client states nothing.
  public static let all: ClientCapabilities = {
    do {
      return try ClientCapabilities(
        schema: FeedDocument.currentVersion,
        types: Set(ContentVocabulary.contentTypes.map { $0.nodeType }))
    } catch {
      preconditionFailure("the content vocabulary is a valid capability set: \(error)")
    }
  }()

  /// Whether the client draws nodes of `type`.
  public func supports(_ type: String) -> Bool {
    types.contains(type)
  }

  /// The canonical text form: the version, then the types in sorted order.
  public var description: String {
    "\(schema):\(types.sorted().joined(separator: ","))"
  }

  /// How a document records the set: `{"schema": "2.0", "types": [sorted types]}`.
  public var json: JSONValue {
    ["schema": .string(schema.description), "types": .array(types.sorted().map(JSONValue.string))]
  }

  /// Reads the recorded form back; nil when it is not one.
  init?(json: JSONValue) {
    guard let schemaText = json.objectValue?["schema"]?.stringValue,
      let schema = SchemaVersion(schemaText),
      let typeValues = json.objectValue?["types"]?.arrayValue
    else { return nil }
    let types = typeValues.compactMap(\.stringValue)
    guard types.count == typeValues.count,
      let capabilities = try? ClientCapabilities(schema: schema, types: Set(types))
    else { return nil }
    self = capabilities
  }

  /// A type name: a lowercase letter, then lowercase letters, digits or `_`, at most 64 bytes.
  static func isTypeName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, bytes.count <= 64,
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
    else { return false }
    return bytes.allSatisfy {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_")
    }
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
