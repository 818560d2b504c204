import Foundation
import PostgresTestSupport
import Testing

@testable import Postgres

/// A session the server ends — terminated by an administrator, or the server gone — is a lost
/// connection, never a statement error or a confused pipeline.
@Suite struct ConnectionLossTests {
  private func backendPID(_ connection: PostgresConnection) throws -> Int32 {
    try connection.query("SELECT pg_backend_pid() AS pid").single().decode("pid", as: Int32.self)
  }

  /// Ends session `pid` from another connection once it is waiting in `pg_sleep`.
  private func terminateWhenSleeping(_ pid: Int32, on database: TestDatabase) throws {
    let admin = try database.connect()
    var sleeping = false
    while !sleeping {
      sleeping =
        try admin.query(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE pid = \(pid) AND wait_event = 'PgSleep'"
        ).single().decode("n", as: Int64.self) == 1
      if !sleeping { usleep(20_000) }
    }
    _ = try admin.query("SELECT pg_terminate_backend(\(pid), 10000)")
  }

  @Test func aTerminatedSessionsNextStatementIsALostConnection() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let pid = try backendPID(connection)
      _ = try database.connect().query("SELECT pg_terminate_backend(\(pid), 10000)")
      let error = try #require(throws: PostgresError.self) {
        try connection.query("SELECT 1 AS one")
      }
      #expect(error.kind == .connection)
      #expect(error.description.hasPrefix("lost the connection to "))
    }
  }

  @Test func aSessionTerminatedMidPipelineIsALostConnection() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let pid = try backendPID(connection)
      let terminator = Thread { try? terminateWhenSleeping(pid, on: database) }
      terminator.start()
      let queries: [PostgresQuery] =
        (0..<50).map { "SELECT \(Int64($0)) AS n" } + ["SELECT pg_sleep(30)"]
        + (0..<50).map { "SELECT \(Int64($0)) AS n" }
      let error = try #require(throws: PostgresError.self) { try connection.pipeline(queries) }
      #expect(error.kind == .connection)
      #expect(error.description.hasPrefix("lost the connection to "))
      // The session ended while the server ran the pg_sleep statement.
      #expect(error.statementIndex == 50)
    }
  }
}
