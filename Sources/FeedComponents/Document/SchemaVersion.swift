/// The `major.minor` version of the feed wire format.
///
/// A minor version only adds fields, which older readers keep without understanding; a major
/// version changes meaning, so a reader refuses a major it does not know.
public struct SchemaVersion: Hashable, Sendable, CustomStringConvertible {
  public var major: Int
  public var minor: Int

  public init(major: Int, minor: Int) {
    self.major = major
    self.minor = minor
  }

  /// Reads `"1.0"`; anything but two non-negative integers joined by a dot is `nil`.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
      let major = Int(parts[0]), let minor = Int(parts[1]), major >= 0, minor >= 0
    else { return nil }
    self.init(major: major, minor: minor)
  }

  public var description: String { "\(major).\(minor)" }
}
