/// Why a screen name cannot be used, in one line that says what would be accepted.
public enum ScreenError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Not a screen name at all.
  case invalidName(String)
  /// A well-formed name no layout has.
  case unknown(String, known: [String])

  public var description: String {
    switch self {
    case .invalidName(let name):
      "invalid screen name '\(name)': 1 to 32 lowercase letters, digits, '_' or '-', starting with a letter"
    case .unknown(let name, let known):
      "unknown screen '\(name)' (expected \(known.joined(separator: ", ")))"
    }
  }
}
