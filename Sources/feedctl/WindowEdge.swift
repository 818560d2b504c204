import ArgumentKit
import Foundation
import Postgres

/// One side of a notice's active window, as written on the command line or in a batch:
/// an ISO 8601 time (`2026-12-01T09:00:00Z`, `2026-12-01T18:00:00+09:00`, fractional seconds
/// allowed), a date (`2026-12-01`, meaning midnight UTC), or `none` to leave that side open.
enum WindowEdge: Hashable, ExpressibleByArgument {
  case at(PostgresTimestamp)
  case open

  init?(argument: String) {
    if argument == "none" {
      self = .open
      return
    }
    let text = argument.count == 10 ? argument + "T00:00:00Z" : argument
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) {
      self = .at(PostgresTimestamp(date))
      return
    }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    guard let date = formatter.date(from: text) else { return nil }
    self = .at(PostgresTimestamp(date))
  }

  static func expectation(forInvalid argument: String) -> String {
    "a time such as 2026-12-01T09:00:00Z or 2026-12-01T18:00:00+09:00, a date such as 2026-12-01, or none"
  }

  /// The stored value: nil for an open side.
  var timestamp: PostgresTimestamp? {
    switch self {
    case .at(let time): time
    case .open: nil
    }
  }
}
