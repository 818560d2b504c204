import Foundation
import Postgres
import PostgresTestSupport
import Testing

/// `PostgresTransaction.pipeline(_:overlapping:)`: the client's work runs while the server
/// runs the statements, and the results are the pipeline's as ever.
@Suite struct OverlappingPipelineTests {
  /// Whether the session `pid` holds advisory lock `key`, asked up to five seconds on another
  /// connection: the way a test sees how far the server got while the first connection is busy.
  private func waitForLock(_ key: Int64, heldBy pid: Int32, on watcher: PostgresConnection)
    throws -> Bool
  {
    for _ in 0..<500 {
      let held = try watcher.query(
        """
        SELECT count(*) AS n FROM pg_locks
        WHERE locktype = 'advisory' AND objid = \(key) AND pid = \(pid) AND granted
        """
      ).single().decode("n", as: Int64.self)
      if held > 0 { return true }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return false
  }

  /// Runs `queries` as an overlapping pipeline whose work waits for the session to hold
  /// advisory lock `key`: the results, and whether the work saw the lock taken.
  private func pipelineWatchingLock(_ key: Int64, _ queries: [PostgresQuery]) throws -> (
    results: [PostgresRows], sawLock: Bool
  ) {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let watcher = try database.connect()
      let pid = try connection.query("SELECT pg_backend_pid() AS pid").single().decode(
        "pid", as: Int32.self)
      let (results, sawLock) = try connection.transaction { tx in
        try tx.pipeline(queries) { try waitForLock(key, heldBy: pid, on: watcher) }
      }
      return (results, sawLock)
    }
  }

  @Test func theServerRunsTheStatementsWhileTheWorkRuns() throws {
    let (results, sawLock) = try pipelineWatchingLock(
      41, ["SELECT pg_advisory_xact_lock(41) AS locked", "SELECT 2 AS two"])
    #expect(sawLock)
    #expect(try results[1].single().decode("two", as: Int32.self) == 2)
  }

  /// Four megabytes of results fill the socket long before the statement after them: unless
  /// they are read while the work runs, the server waits on the socket and never gets there.
  @Test func longResultsAreReadWhileTheWorkRuns() throws {
    let (results, sawLock) = try pipelineWatchingLock(
      42,
      [
        "SELECT g, repeat('x', 1000) AS filler FROM generate_series(1, 4000) AS g",
        "SELECT pg_advisory_xact_lock(42) AS locked",
      ])
    #expect(sawLock)
    #expect(results[0].count == 4000)
    #expect(try results[0].last?.decode("g", as: Int32.self) == 4000)
  }

  @Test func theWorksErrorComesAfterTheResultsAndLeavesTheConnectionUsable() throws {
    struct WorkFailed: Error {}
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let after = try connection.transaction { tx in
        #expect(throws: WorkFailed.self) {
          try tx.pipeline(["SELECT 1 AS one"]) { () throws -> Void in throw WorkFailed() }
        }
        return try tx.query("SELECT 3 AS three").single().decode("three", as: Int32.self)
      }
      #expect(after == 3)
    }
  }

  @Test func aFailedStatementIsThrownBeforeTheWorksError() throws {
    struct WorkFailed: Error {}
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      #expect(throws: PostgresError.self) {
        try connection.transaction { tx in
          try tx.pipeline(["SELECT 1 / 0 AS never"]) { () throws -> Void in throw WorkFailed() }
        }
      }
    }
  }

  @Test func anEmptyPipelineStillDoesTheWork() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let (results, value) = try connection.transaction { tx in
        try tx.pipeline([]) { 7 }
      }
      #expect(results.isEmpty)
      #expect(value == 7)
    }
  }
}
