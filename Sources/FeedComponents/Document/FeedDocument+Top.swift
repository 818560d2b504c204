extension FeedDocument {
  /// The document's own members without `sections` and `digest`: what a store keeps beside the
  /// sections it stores by reference. Built from the fields, never from the whole `json` tree,
  /// so it costs the same for a feed of ten items or of a hundred thousand.
  public var topJSON: JSONValue {
    var members = additionalFields
    members["schema"] = .string(Self.schemaName)
    members["version"] = .string(version.description)
    members["owner"] = .string(owner)
    return .object(members)
  }
}
