extension ItemNode {
  /// Reads one item node (see `DrawnFields` for what may be left out); a stored `digest` must
  /// match the content. `path` names the node in errors (such as `sections[0].items[2]`) and
  /// `place` says where it stands in the feed (`item 3 of section "accounts"`).
  ///
  /// A changeset carries the items it inserts and updates in this form, so a client reads them with
  /// the same rules as a whole document. `trustingDigest` is for nodes this program stored
  /// itself: a stored digest is then taken as given instead of checked.
  public init(json: JSONValue, path: String, place: String, trustingDigest: Bool = false)
    throws(FeedDocumentError)
  {
    guard let members = json.objectValue else {
      throw .invalidField(path: path, reason: "an item must be an object")
    }
    let id = try FeedDocument.string(members["id"], path: "\(path).id")
    let fields = try DrawnFields(members: members, path: path)
    if trustingDigest, let stored = members["digest"]?.stringValue {
      self.init(
        id: id, type: fields.type, props: fields.props, actions: fields.actions,
        size: fields.size, additionalFields: fields.additionalFields, storedDigest: stored)
      return
    }
    self.init(
      id: id, type: fields.type, props: fields.props, actions: fields.actions, size: fields.size,
      additionalFields: fields.additionalFields)
    if let stored = members["digest"] {
      try FeedDocument.check(
        stored, against: digest, id: id, place: place, path: "\(path).digest")
    }
  }
}
