import AccountFeedTestSupport
import FeedComponents
import Foundation
import Testing

/// `db status` tells scripts through its exit code: 0 when the embedded database runs, 3 when it
/// does not (the running case is in `DatabaseConnectionTests`).
@Suite("db status")
struct DbStatusTests {
  /// A data directory where no database was ever created.
  private static func emptyDirectory() -> [String: String] {
    ["FEEDCTL_DATA_DIR": "/tmp/feedctl-nodb-\(getpid())-\(UUID().uuidString.prefix(8))"]
  }

  @Test func statusOfADatabaseThatDoesNotRunExitsThree() throws {
    let result = try FeedctlProcess.run(["db", "status"], environment: Self.emptyDirectory())
    #expect(result.code == 3)
    #expect(result.output.hasPrefix("not running (data directory /tmp/feedctl-nodb-"))
    #expect(result.error.isEmpty)
  }

  @Test func statusAsJSONOfADatabaseThatDoesNotRunExitsThree() throws {
    let result = try FeedctlProcess.run(
      ["db", "status", "--format", "json"], environment: Self.emptyDirectory())
    #expect(result.code == 3)
    #expect(try JSONParser.parse(Array(result.output.utf8))["running"] == .bool(false))
  }
}
