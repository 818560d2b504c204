import AccountModel

/// A way to name a feed on the command line, for `show --at` and `diff`.
///
/// - `live`: assembled now from the database;
/// - `@`: the latest snapshot, `@-N`: the one N before it;
/// - `7`: snapshot number 7; `before-promo`: the snapshot with that label;
/// - a path to a feed JSON file: anything containing `/` or ending in `.json` (labels cannot,
///   so a file in the working directory never shadows a snapshot). A file needs no database.
public enum FeedReference: Hashable, Sendable, CustomStringConvertible {
  case live
  case latest(back: Int)
  case sequence(Int64)
  case label(String)
  case file(String)

  public init(_ text: String) throws(FeedServiceError) {
    if text == "live" {
      self = .live
    } else if text == "@" {
      self = .latest(back: 0)
    } else if text.hasPrefix("@-") {
      guard let back = Int(text.dropFirst(2)), back >= 0 else {
        throw FeedServiceError.invalidInput(
          "invalid ref '\(text)': a relative ref is @ or @-N with N a whole number, e.g. @-1")
      }
      self = .latest(back: back)
    } else if text.contains("/") || text.hasSuffix(".json") {
      self = .file(text)
    } else if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
      guard let sequence = Int64(text), sequence > 0 else {
        throw FeedServiceError.invalidInput("invalid ref '\(text)': snapshot numbers start at 1")
      }
      self = .sequence(sequence)
    } else if SnapshotLabel.isValid(text) {
      self = .label(text)
    } else {
      throw FeedServiceError.invalidInput(
        "invalid ref '\(text)': expected a snapshot number, a label, @, @-N, live, or a path to a feed JSON file"
      )
    }
  }

  public var description: String {
    switch self {
    case .live: "live"
    case .latest(0): "@"
    case .latest(let back): "@-\(back)"
    case .sequence(let sequence): String(sequence)
    case .label(let label): label
    case .file(let path): path
    }
  }
}
