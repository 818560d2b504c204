/// What happens when a person uses a component: data the phone carries out, not a closure.
///
/// On a server an action cannot capture `self` the way the seed's `onTouch { [weak self] … }` does;
/// it has to survive being written into JSON and read on a phone, so it is a value.
public enum Action: Hashable, Sendable {
  /// Open a URL (a web page or an app deep link).
  case openURL(String)
  /// Hide the notice with this id; the server records the dismissal.
  case dismissNotice(id: String)
  /// An action the phone knows by name, with whatever parameters it needs.
  case custom(name: String, payload: JSONValue)
  /// An action this version cannot represent exactly — a kind it does not know, or a known kind
  /// with members a newer minor version added — kept exactly as it was read, so that re-encoding
  /// a newer document loses nothing and the item digest covers what its writer digested.
  case unrecognized([String: JSONValue])
}

extension Action {
  /// The wire form: an object with a `kind` and the kind's fields.
  public var json: JSONValue {
    switch self {
    case .openURL(let url): return ["kind": "open_url", "url": .string(url)]
    case .dismissNotice(let id): return ["kind": "dismiss_notice", "id": .string(id)]
    case .custom(let name, let payload):
      return ["kind": "custom", "name": .string(name), "payload": payload]
    case .unrecognized(let members): return .object(members)
    }
  }

  /// Reads the wire form; a known kind with missing fields is an error. An unknown kind, or a known
  /// kind whose members are not exactly the ones this version writes, is kept as `.unrecognized`.
  public init(json: JSONValue) throws(FeedDocumentError) {
    guard let members = json.objectValue, let kind = members["kind"]?.stringValue else {
      throw .invalidField(
        path: "action", reason: "an action must be an object with a string \"kind\"")
    }
    let known: Action
    switch kind {
    case "open_url":
      guard let url = members["url"]?.stringValue else {
        throw .invalidField(path: "action", reason: "an open_url action needs a string \"url\"")
      }
      known = .openURL(url)
    case "dismiss_notice":
      guard let id = members["id"]?.stringValue else {
        throw .invalidField(path: "action", reason: "a dismiss_notice action needs a string \"id\"")
      }
      known = .dismissNotice(id: id)
    case "custom":
      guard let name = members["name"]?.stringValue else {
        throw .invalidField(path: "action", reason: "a custom action needs a string \"name\"")
      }
      known = .custom(name: name, payload: members["payload"] ?? .null)
    default:
      self = .unrecognized(members)
      return
    }
    // Only a known case that writes back exactly what was read may stand for it; anything more
    // (a member added by a newer minor version, a missing payload) would be lost or invented.
    self = known.json == json ? known : .unrecognized(members)
  }
}

extension Action {
  /// Appends the canonical compact JSON of `json`, without building it: the form a node's
  /// drawn text holds, and the only one an action is written in (the pretty form indents that
  /// text). Each known kind writes its members in canonical order.
  func writeCompact(into output: inout [UInt8]) {
    switch self {
    case .openURL(let url):
      output.append(literal: #"{"kind":"open_url","url":"#)
      CanonicalJSONWriter.writeString(url, into: &output)
      output.append(UInt8(ascii: "}"))
    case .dismissNotice(let id):
      output.append(literal: #"{"id":"#)
      CanonicalJSONWriter.writeString(id, into: &output)
      output.append(literal: #","kind":"dismiss_notice"}"#)
    case .custom(let name, let payload):
      output.append(literal: #"{"kind":"custom","name":"#)
      CanonicalJSONWriter.writeString(name, into: &output)
      output.append(literal: #","payload":"#)
      CanonicalJSONWriter().write(payload, depth: 1, into: &output)
      output.append(UInt8(ascii: "}"))
    case .unrecognized(let members):
      CanonicalJSONWriter().write(.object(members), depth: 0, into: &output)
    }
  }
}
