import AccountModel
import AccountStore
import ArgumentKit
import FeedService
import Postgres

/// Checks of single option values that `ExpressibleByArgument` cannot express, shared by the
/// commands that take them. Each failure is a `ValidationError` naming the option.
enum ArgumentChecks {
  static func currency(_ code: String, option: String = "--currency") throws -> Currency {
    if let currency = Currency(code: code) { return currency }
    let advice =
      Currency(code: code.uppercased()) != nil
      ? "did you mean '\(code.uppercased())'?" : "expected an ISO 4217 code such as KRW or USD"
    throw ValidationError("invalid value '\(code)' for \(option): \(advice)")
  }

  static func position(_ position: Int?, option: String = "--position") throws -> Int32? {
    guard let position else { return nil }
    guard position >= 0, let value = Int32(exactly: position) else {
      throw ValidationError(
        "invalid value '\(position)' for \(option): expected 0 to \(Int32.max)")
    }
    return value
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
    guard id > 0 else {
      throw ValidationError("invalid \(what) id '\(id)': ids are positive numbers")
    }
  }

  /// A feed reference; a malformed one is a usage error like any other bad option value.
  static func reference(_ text: String) throws -> FeedReference {
    do {
      return try FeedReference(text)
    } catch {
      throw ValidationError(error.description)
    }
  }
}
