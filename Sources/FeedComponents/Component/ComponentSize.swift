/// The width a component is offered, the question the seed's `size(in:)` answers.
public struct SizeProposal: Hashable, Sendable {
  /// Points available across.
  public var width: Int

  public init(width: Int) {
    self.width = width
  }
}

/// How the phone should size an item, written into the node's `size`.
public enum ComponentSize: Hashable, Sendable {
  /// Exactly this many points tall.
  case fixed(height: Int)
  /// About this tall; the phone measures after drawing and the estimate only guides scrolling.
  case estimated(height: Int)
  /// The phone measures the drawn content.
  case automatic
  /// A size mode this version does not know, kept as read.
  case unrecognized([String: JSONValue])
}

extension ComponentSize {
  /// The wire form: `{"mode": "fixed", "height": 64}` and so on.
  public var json: JSONValue {
    switch self {
    case .fixed(let height): return ["mode": "fixed", "height": .integer(height)]
    case .estimated(let height): return ["mode": "estimated", "height": .integer(height)]
    case .automatic: return ["mode": "automatic"]
    case .unrecognized(let members): return .object(members)
    }
  }

  /// Reads the wire form; an unknown mode is kept rather than refused.
  public init(json: JSONValue) throws(FeedDocumentError) {
    guard let members = json.objectValue, let mode = members["mode"]?.stringValue else {
      throw .invalidField(path: "size", reason: "a size must be an object with a string \"mode\"")
    }
    switch mode {
    case "fixed", "estimated":
      guard let height = members["height"]?.integerValue, height >= 0 else {
        throw .invalidField(
          path: "size", reason: "a \(mode) size needs a non-negative integer \"height\"")
      }
      self = mode == "fixed" ? .fixed(height: height) : .estimated(height: height)
    case "automatic":
      self = .automatic
    default:
      self = .unrecognized(members)
    }
  }
}
