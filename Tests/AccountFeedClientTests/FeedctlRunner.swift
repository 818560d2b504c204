import AccountFeedTestSupport
import Foundation

/// The built `feedctl` run on a test's database, through the suite-wide `FeedctlProcess` (its
/// binary lookup and controlled environment).
enum FeedctlRunner {
  /// The environment a child uses: `FeedctlProcess`'s, with `databaseURL` as its database.
  static func environment(databaseURL: String) -> [String: String] {
    FeedctlProcess.baseEnvironment.merging(["DATABASE_URL": databaseURL]) { _, new in new }
  }

  /// Runs `feedctl arguments` to the end and returns its standard output; a failure throws.
  @discardableResult
  static func run(_ arguments: [String], databaseURL: String) throws -> String {
    let result = try FeedctlProcess.run(arguments, environment: ["DATABASE_URL": databaseURL])
    guard result.code == 0 else {
      throw FixtureError("feedctl \(arguments.joined(separator: " ")): \(result.error)")
    }
    return result.output
  }
}

/// A fixture step that failed, in one line.
struct FixtureError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
