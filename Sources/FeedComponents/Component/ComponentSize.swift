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
  /// Appends `json` at nesting `depth`, without building it.
  func write(with writer: CanonicalJSONWriter, depth: Int, into output: inout [UInt8]) {
    switch self {
    case .fixed(let height):
      write(mode: "fixed", height: height, with: writer, depth: depth, into: &output)
    case .estimated(let height):
      write(mode: "estimated", height: height, with: writer, depth: depth, into: &output)
    case .automatic:
      writer.writeObject(keys: Self.automaticKeys, depth: depth, into: &output) { _, output in
        CanonicalJSONWriter.writeString("automatic", into: &output)
      }
    case .unrecognized(let members): writer.write(.object(members), depth: depth, into: &output)
    }
  }

  private func write(
    mode: String, height: Int, with writer: CanonicalJSONWriter, depth: Int,
    into output: inout [UInt8]
  ) {
    writer.writeObject(keys: Self.heightKeys, depth: depth, into: &output) { key, output in
      if key == "mode" {
        CanonicalJSONWriter.writeString(mode, into: &output)
      } else {
        writer.write(.integer(height), depth: depth + 1, into: &output)
      }
    }
  }

  private static let heightKeys = ["height", "mode"]
  private static let automaticKeys = ["mode"]
}
