extension ItemNode {
  /// Reads one item node. `props`, `actions` and `size` may be left out (`{}`, `{}`, automatic); a
  /// stored `digest` must match the content. `path` names the node in errors (such as
  /// `sections[0].items[2]`) and `place` says where it stands in the feed (`item 3 of section
  /// "accounts"`).
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
    let type = try FeedDocument.string(members["type"], path: "\(path).type")
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
    let additionalFields = members.filter { !Self.knownFields.contains($0.key) }
    if trustingDigest, let stored = members["digest"]?.stringValue {
      self.init(
        id: id, type: type, props: props, actions: actions, size: size,
        additionalFields: additionalFields, storedDigest: stored)
      return
    }
    self.init(
      id: id, type: type, props: props, actions: actions, size: size,
      additionalFields: additionalFields)
    if let stored = members["digest"] {
      try FeedDocument.check(
        stored, against: digest, id: id, place: place, path: "\(path).digest")
    }
  }
}
