import Foundation

/// A strong entity tag (`"<digest>"`) and the `If-None-Match` test against it.
public struct EntityTag: Equatable, Sendable {
  /// The tag's value without quotes.
  public let value: String

  public init(_ value: String) {
    self.value = value
  }

  /// The header form, quoted.
  public var header: String { "\"\(value)\"" }

  /// Whether an `If-None-Match` header names this tag: `*`, or a comma-separated list of tags
  /// (weak `W/` tags compare by value, as RFC 9110 says for this header).
  public func matches(ifNoneMatch header: String?) -> Bool {
    guard let header else { return false }
    for candidate in header.split(separator: ",") {
      var tag = candidate.trimmingOptionalWhitespace()
      if tag == "*" { return true }
      if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
      if tag == self.header { return true }
    }
    return false
  }
}
