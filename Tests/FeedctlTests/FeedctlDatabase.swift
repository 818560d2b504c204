import AccountFeedTestSupport
import Foundation
import Postgres
import PostgresTestSupport
import Testing

/// A test database plus a shortcut to run `feedctl` against it.
struct FeedctlDatabase {
  let database: TestDatabase

  var environment: [String: String] {
    ["DATABASE_URL": database.configuration.connectionString]
  }

  /// Runs feedctl against this database, as `owner` unless that is nil.
  func run(
    _ arguments: [String], owner: String? = "alice", environment extra: [String: String] = [:],
    unset: [String] = [], input: Data? = nil
  ) throws -> FeedctlResult {
    var environment = environment
    if let owner { environment["FEEDCTL_OWNER"] = owner }
    return try FeedctlProcess.run(
      arguments, environment: environment.merging(extra) { _, new in new }, unset: unset,
      input: input)
  }

  /// Runs a command that must succeed, and returns its standard output.
  @discardableResult
  func succeed(
    _ arguments: [String], owner: String? = "alice", environment extra: [String: String] = [:],
    input: Data? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let result = try run(arguments, owner: owner, environment: extra, input: input)
    #expect(
      result.code == 0, "feedctl \(arguments.joined(separator: " ")) failed: \(result.error)",
      sourceLocation: sourceLocation)
    return result.output
  }

  /// A fresh, migrated database for the length of `body` (`feedctl migrate` itself is tested
  /// on an empty one).
  static func with<T>(_ body: (FeedctlDatabase) throws -> T) throws -> T {
    try TestDatabase.with(.migrated) { database in
      try body(FeedctlDatabase(database: database))
    }
  }

  /// Every row of every table (the catalogue lists them, so none is forgotten), in a fixed
  /// order, as text: two equal dumps mean the data is the same. (Identity sequences are left out:
  /// PostgreSQL never rolls them back.)
  func dump() throws -> String {
    try database.connect().dumpOfEveryTable().joined(separator: "\n")
  }
}
