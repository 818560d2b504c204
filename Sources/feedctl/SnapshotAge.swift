import AccountModel
import ArgumentKit
import Foundation

/// `--older-than`: an age (`30d`, `12h`, `90m`) counted back from now, or a time as
/// `ISO8601Time.parse` reads it (`2026-11-01`, `2026-11-01T09:00:00Z`).
enum SnapshotAge: Hashable, ExpressibleByArgument {
  case age(seconds: Int)
  case time(Date)

  init?(argument: String) {
    let units: [Character: Int] = ["d": 86_400, "h": 3_600, "m": 60]
    if let unit = argument.last.flatMap({ units[$0] }), let count = Int(argument.dropLast()),
      count >= 0, count <= 100_000
    {
      self = .age(seconds: count * unit)
    } else if let time = try? ISO8601Time.parse(argument) {
      self = .time(time)
    } else {
      return nil
    }
  }

  static func expectation(forInvalid argument: String) -> String {
    "an age such as 30d, 12h or 90m, or \(ISO8601Time.expectation)"
  }

  /// The moment before which a snapshot is older than this.
  func cutoff(now: Date) -> Date {
    switch self {
    case .age(let seconds): now.addingTimeInterval(-Double(seconds))
    case .time(let time): time
    }
  }
}
