import AccountModel
import ArgumentKit
import FeedService

/// Checks of single option values that `ExpressibleByArgument` cannot express, shared by the
/// commands that take them. Each failure is a `ValidationError` naming the option.
enum ArgumentChecks {
  static func currency(_ code: String, option: String = "--currency") throws -> Currency {
    try checked(code, option) { () throws(FieldError) in try FieldRules.currency(code) }
  }

  static func position(_ position: Int?, option: String = "--position") throws -> Int32? {
    guard let position else { return nil }
    return try checked(position, option) { () throws(FieldError) in
      try FieldRules.position(Int64(position))
    }
  }

  /// The screen widths `show` and `demo` can draw, for `--width` and `COLUMNS` alike.
  static let widths = 8...500

  static func width(_ width: Int?) throws {
    if let width, !widths.contains(width) {
      throw ValidationError(
        "invalid value '\(width)' for --width: expected \(widths.lowerBound) to \(widths.upperBound) columns"
      )
    }
  }

  static func positiveID(_ id: Int64, what: String) throws {
    try checked(id, "the \(what) id") { () throws(FieldError) in try FieldRules.id(id, of: what) }
  }

  /// A feed reference; a malformed one is a usage error like any other bad option value.
  static func reference(_ text: String) throws -> FeedReference {
    do {
      return try FeedReference(text)
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// Runs the model's rule for one option value; its refusal becomes a usage error naming the
  /// option, so the command line and a JSON batch refuse the same values for the same reason.
  private static func checked<T>(
    _ value: some CustomStringConvertible, _ option: String, _ rule: () throws(FieldError) -> T
  ) throws -> T {
    do {
      return try rule()
    } catch {
      throw ValidationError("invalid value '\(value)' for \(option): \(error.reason)")
    }
  }
}
