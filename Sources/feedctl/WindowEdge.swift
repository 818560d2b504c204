import AccountModel
import ArgumentKit
import Foundation

/// One side of a notice's active window, as written on the command line or in a batch:
/// an ISO 8601 time (`2026-12-01T09:00:00Z`, `2026-12-01T18:00:00+09:00`, fractional seconds
/// allowed), a date (`2026-12-01`, meaning midnight UTC), or `none` to leave that side open.
enum WindowEdge: Hashable, ExpressibleByArgument {
  case at(Date)
  case open

  init?(argument: String) {
    if argument == "none" {
      self = .open
    } else if let time = ISO8601Time.parse(argument) {
      self = .at(time)
    } else {
      return nil
    }
  }

  static func expectation(forInvalid argument: String) -> String {
    ISO8601Time.expectation
  }

  /// The stored value: nil for an open side.
  var timestamp: Date? {
    switch self {
    case .at(let time): time
    case .open: nil
    }
  }
}
