/// What an item node draws — its type, props, actions, size and any newer fields — read from
/// JSON with the rules every reader of a feed applies: `props`, `actions` and `size` may be left
/// out (`{}`, `{}`, automatic); `type` may not.
public struct DrawnFields: Sendable {
  public let type: String
  public let props: [String: JSONValue]
  /// Actions keyed by trigger name.
  public let actions: [String: Action]
  public let size: ComponentSize
  /// Fields written by a newer minor version, kept and re-encoded as read.
  public let additionalFields: [String: JSONValue]

  /// Reads the fields of an item's members; `path` names the item in errors, such as
  /// `sections[0].items[2]`. `id` and `digest`, where present, are the caller's to read.
  init(members: [String: JSONValue], path: String) throws(FeedDocumentError) {
    type = try FeedDocument.string(members["type"], path: "\(path).type")
    var props: [String: JSONValue] = [:]
    if let propsValue = members["props"] {
      guard let object = propsValue.objectValue else {
        throw .invalidField(path: "\(path).props", reason: "it must be an object")
      }
      props = object
    }
    self.props = props
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
    self.actions = actions
    var size = ComponentSize.automatic
    if let sizeValue = members["size"] {
      do {
        size = try ComponentSize(json: sizeValue)
      } catch .invalidField(_, let reason) {
        throw .invalidField(path: "\(path).size", reason: reason)
      }
    }
    self.size = size
    additionalFields = members.filter { !ItemNode.knownFields.contains($0.key) }
  }

  /// Reads the fields from an item's drawn JSON (`ItemNode.drawnUTF8`).
  init(drawnUTF8: [UInt8], path: String) throws(FeedDocumentError) {
    let parsed: JSONValue
    do {
      parsed = try JSONParser.parse(drawnUTF8)
    } catch {
      throw .invalidField(path: path, reason: "its stored text is not JSON: \(error)")
    }
    guard let members = parsed.objectValue else {
      throw .invalidField(path: path, reason: "an item must be an object")
    }
    try self.init(members: members, path: path)
  }
}
