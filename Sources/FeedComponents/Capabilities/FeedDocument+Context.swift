// What a document was built for. Both are top-level fields that a 2.0 reader keeps as fields of a
// newer minor version, outside the digest: the digest says what the phone shows, these say for
// which screen and which client, so that a diff or a snapshot compares like with like.

extension FeedDocument {
  /// The top-level field naming the screen, such as `"screen": "settings"`.
  public static let screenField = "screen"
  /// The top-level field recording the client's capability set.
  public static let capabilitiesField = "capabilities"

  /// The screen the document shows; nil for a document that does not say (the home feed as
  /// `show` and snapshots have always written it).
  public var screen: String? {
    additionalFields[Self.screenField]?.stringValue
  }

  /// The capability set the document was built for; nil when it was built for every type this
  /// version draws.
  public var capabilities: ClientCapabilities? {
    additionalFields[Self.capabilitiesField].flatMap(ClientCapabilities.init(json:))
  }

  /// The same document, saying it shows `screen`.
  public func showing(screen: String) -> FeedDocument {
    var fields = additionalFields
    fields[Self.screenField] = .string(screen)
    do {
      return try FeedDocument(
        owner: owner, sections: sections, version: version, additionalFields: fields)
    } catch {
      preconditionFailure("a valid document stays valid with another top-level field: \(error)")
    }
  }
}
