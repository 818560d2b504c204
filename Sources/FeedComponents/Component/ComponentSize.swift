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
  /// A size this version cannot represent exactly — a mode it does not know, or a known mode with
  /// members a newer minor version added — kept as read, so it re-encodes unchanged and the item
  /// digest covers it.
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

  /// Reads the wire form; an unknown mode, or a known mode whose members are not exactly the ones
  /// this version writes, is kept as `.unrecognized` rather than refused or trimmed.
  public init(json: JSONValue) throws(FeedDocumentError) {
    guard let members = json.objectValue, let mode = members["mode"]?.stringValue else {
      throw .invalidField(path: "size", reason: "a size must be an object with a string \"mode\"")
    }
    let known: ComponentSize
    switch mode {
    case "fixed", "estimated":
      guard let height = members["height"]?.integerValue, height >= 0 else {
        throw .invalidField(
          path: "size", reason: "a \(mode) size needs a non-negative integer \"height\"")
      }
      known = mode == "fixed" ? .fixed(height: height) : .estimated(height: height)
    case "automatic":
      known = .automatic
    default:
      self = .unrecognized(members)
      return
    }
    self = known.json == json ? known : .unrecognized(members)
  }
}

extension ComponentSize {
  /// Appends the canonical compact JSON of `json`, without building it: the form a node's
  /// drawn text holds, and the only one a size is written in (the pretty form indents that
  /// text).
  func writeCompact(into output: inout [UInt8]) {
    switch self {
    case .fixed(let height): Self.write(mode: "fixed", height: height, into: &output)
    case .estimated(let height): Self.write(mode: "estimated", height: height, into: &output)
    case .automatic: output.append(literal: #"{"mode":"automatic"}"#)
    case .unrecognized(let members):
      CanonicalJSONWriter().write(.object(members), depth: 0, into: &output)
    }
  }

  /// `{"height":…,"mode":"…"}`, its members in canonical order.
  ///
  /// A negative height is a component's mistake, and stops the program here: written out, the
  /// node would be refused by every reader (this one included, so a stored snapshot holding it
  /// could never be read back), and it would stop the program later, far from its cause.
  private static func write(mode: StaticString, height: Int, into output: inout [UInt8]) {
    precondition(height >= 0, "a \(mode) size of height \(height): a height cannot be negative")
    output.append(literal: #"{"height":"#)
    output.append(contentsOf: String(height).utf8)
    output.append(literal: #","mode":""#)
    output.append(literal: mode)
    output.append(literal: #""}"#)
  }
}
