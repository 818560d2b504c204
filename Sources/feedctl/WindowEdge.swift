import AccountModel
import ArgumentKit
import Foundation

/// One side of a notice's active window, as written on the command line: a time or a date as
/// `ISO8601Time.parse` reads it (`2026-12-01T09:00:00Z`, `2026-12-01T18:00:00+09:00`,
/// `2026-12-01` meaning midnight UTC), or `none` to leave that side open.
enum WindowEdge: Hashable, ExpressibleByArgument {
  case at(Date)
  case open

  init?(argument: String) {
    if argument == "none" {
      self = .open
    } else if let time = try? ISO8601Time.parse(argument) {
      self = .at(time)
    } else {
      return nil
    }
  }

  static func expectation(forInvalid argument: String) -> String {
    ISO8601Time.expectation
  }

  /// The parser's own reason, so `2026-02-30` is told that February 2026 has 28 days.
  static func reason(forInvalid argument: String) -> String {
    do {
      _ = try ISO8601Time.parse(argument)
      return "expected \(ISO8601Time.expectation)"
    } catch {
      return error.reason
    }
  }

  /// The stored value: nil for an open side.
  var timestamp: Date? {
    switch self {
    case .at(let time): time
    case .open: nil
    }
  }
}
