/// A value that breaks one of `FieldRules`: which field, and what would be right.
///
/// It is the only error the model throws. Every front end and the store report it the same way,
/// because every one of them checks a value with the same rule.
public struct FieldError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The field as a person calls it, e.g. `owner id` or `active window`.
  public var field: String
  public var reason: String

  public init(field: String, reason: String) {
    self.field = field
    self.reason = reason
  }

  static func invalid(field: String, reason: String) -> FieldError {
    FieldError(field: field, reason: reason)
  }

  public var description: String { "invalid \(field): \(reason)" }
}
