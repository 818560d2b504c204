import Postgres
import PostgresTestSupport
import Testing

@Suite struct TransactionTests {
  struct Boom: Error {}

  private func count(_ connection: PostgresConnection) throws -> Int64 {
    try connection.query("SELECT count(*) AS n FROM t").single().decode("n", as: Int64.self)
  }

  @Test func returningFromTheBodyCommits() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v int8)")
      try connection.transaction { tx in
        try tx.execute("INSERT INTO t VALUES (1)")
        try tx.execute("INSERT INTO t VALUES (2)")
      }
      #expect(try count(connection) == 2)
    }
  }

  @Test func throwingFromTheBodyRollsEverythingBack() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v int8)")
      #expect(throws: Boom.self) {
        try connection.transaction { tx in
          try tx.execute("INSERT INTO t VALUES (1)")
          try tx.execute("INSERT INTO t VALUES (2)")
          throw Boom()
        }
      }
      #expect(try count(connection) == 0)
    }
  }

  @Test func aFailedStatementRollsBackTheEarlierOnes() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v int8 CHECK (v > 0))")
      #expect(throws: PostgresError.self) {
        try connection.transaction { tx in
          try tx.execute("INSERT INTO t VALUES (1)")
          try tx.execute("INSERT INTO t VALUES (-1)")
        }
      }
      #expect(try count(connection) == 0)
      try connection.execute("INSERT INTO t VALUES (3)")
      #expect(try count(connection) == 1)
    }
  }

  @Test func aStatementErrorSwallowedByTheBodyStillFailsTheTransaction() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v int8 CHECK (v > 0))")
      let error = try #require(throws: PostgresError.self) {
        try connection.transaction { tx in
          try tx.execute("INSERT INTO t VALUES (1)")
          _ = try? tx.execute("INSERT INTO t VALUES (-1)")
        }
      }
      #expect(
        error.description == "a statement failed inside the transaction, so nothing was committed")
      #expect(try count(connection) == 0)
    }
  }

  @Test func isolationLevelIsApplied() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let level = try connection.transaction(isolation: .serializable, readOnly: true) { tx in
        try tx.query("SHOW transaction_isolation").single().decode(at: 0, as: String.self)
      }
      #expect(level == "serializable")
    }
  }

  @Test func readOnlyTransactionRefusesWrites() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v int8)")
      let error = try #require(throws: PostgresError.self) {
        try connection.transaction(readOnly: true) { tx in
          try tx.execute("INSERT INTO t VALUES (1)")
        }
      }
      #expect(error.sqlState == "25006")
    }
  }
}

/// A transaction that may be lost without harm commits without waiting for the disk; the
/// session's own setting is untouched, before and after.
@Suite struct AsynchronousCommitTests {
  private static func setting(_ database: some PostgresQueryable) throws -> String {
    try database.query("SELECT current_setting('synchronous_commit') AS mode").single()
      .decode("mode", as: String.self)
  }

  @Test func aTransactionWithoutSynchronousCommitRunsWithItOff() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("SET synchronous_commit = on")
      let inside = try connection.transaction(synchronousCommit: false) { try Self.setting($0) }
      #expect(inside == "off")
      #expect(try Self.setting(connection) == "on")
    }
  }

  @Test func aTransactionWaitsForTheDiskByDefault() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("SET synchronous_commit = on")
      #expect(try connection.transaction { try Self.setting($0) } == "on")
    }
  }
}

/// A transaction's opening statements go with its `BEGIN` in one pipeline and are part of it.
@Suite struct OpeningStatementsTests {
  @Test func openingStatementsRollBackWithTheBody() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v int8)")
      #expect(throws: TransactionTests.Boom.self) {
        try connection.transaction(opening: ["INSERT INTO t VALUES (1)"]) { _, _ in
          throw TransactionTests.Boom()
        }
      }
      let count = try connection.query("SELECT count(*) AS n FROM t").single()
      #expect(try count.decode("n", as: Int64.self) == 0)
    }
  }

  @Test func theBodyGetsTheOpeningResultsInOrder() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("SET synchronous_commit = on")
      let values = try connection.transaction(
        synchronousCommit: false,
        opening: ["SELECT 1::int8 AS v", "SELECT current_setting('synchronous_commit') AS v"]
      ) { opened, _ in
        (
          try opened[0].single().decode("v", as: Int64.self),
          try opened[1].single().decode("v", as: String.self)
        )
      }
      #expect(values.0 == 1)
      #expect(values.1 == "off")
    }
  }
}
