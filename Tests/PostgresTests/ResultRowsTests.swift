import Dispatch
import Postgres
import PostgresTestSupport
import Synchronization
import Testing

/// What a statement returns comes back as the server sent it: every row, value and NULL in
/// order, the columns of an empty result, the count of rows a write touched, and an error that
/// came after some rows, with the connection ready for the next statement. A result is libpq's
/// own, kept by its rows: it outlives its connection and is read from any thread.
@Suite struct ResultRowsTests {
  @Test func everyValueAndNullOfAManyRowResultComesBackInOrder() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let rows = try connection.query(
        """
        SELECT g AS n, CASE WHEN g % 3 = 0 THEN NULL ELSE repeat('x', g % 7) END AS text
        FROM generate_series(1, 20000) g ORDER BY g
        """)
      #expect(rows.count == 20_000)
      for (index, row) in rows.enumerated() {
        let n = Int64(index + 1)
        #expect(try row.decode("n", as: Int64.self) == n)
        let text = try row.decode("text", as: String?.self)
        #expect(text == (n % 3 == 0 ? nil : String(repeating: "x", count: Int(n % 7))))
      }
    }
  }

  @Test func anEmptyResultStillNamesItsColumns() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let rows = try connection.query("SELECT 1 AS one WHERE false")
      #expect(rows.isEmpty)
      #expect(rows.columns.map(\.name) == ["one"])
    }
  }

  @Test func aStatementFailingAfterSomeRowsThrowsAndLeavesTheConnectionReady() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let error = try #require(throws: PostgresError.self) {
        try connection.query("SELECT 1 / (5000 - g) AS n FROM generate_series(1, 10000) g")
      }
      #expect(error.sqlState == "22012")
      #expect(try connection.query("SELECT 2 AS n").single().decode("n", as: Int64.self) == 2)
    }
  }

  @Test func affectedRowsAreCountedWhenAWriteAlsoReturnsRows() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v int8)")
      let inserted = try connection.query(
        "INSERT INTO t SELECT generate_series(1, 300) RETURNING v")
      #expect(inserted.count == 300)
      #expect(inserted.affectedRows == 300)
    }
  }

  @Test func rowsAreReadAfterTheirConnectionRanOtherStatementsAndClosed() throws {
    try TestDatabase.with(.empty) { database in
      let (rows, first) = try {
        let connection = try database.connect()
        let rows = try connection.query(
          "SELECT g AS n, 'row ' || g AS text FROM generate_series(1, 1000) g ORDER BY g")
        _ = try connection.query("SELECT repeat('y', 100000) AS other")
        return (rows, rows[0])
      }()
      #expect(try first.decode("text", as: String.self) == "row 1")
      #expect(try rows.map { try $0.decode("n", as: Int64.self) } == Array(1...1000))
    }
  }

  @Test func oneResultIsReadFromManyThreadsAtOnce() throws {
    try TestDatabase.with(.empty) { database in
      let rows = try database.connect().query(
        "SELECT g AS n, md5(g::text) AS text FROM generate_series(1, 4000) g ORDER BY g")
      let sums = Mutex([Int64](repeating: 0, count: 4))
      DispatchQueue.concurrentPerform(iterations: 4) { worker in
        var sum: Int64 = 0
        for row in rows where (try? row.decode("text", as: String.self).count) == 32 {
          sum += (try? row.decode("n", as: Int64.self)) ?? 0
        }
        sums.withLock { $0[worker] = sum }
      }
      #expect(sums.withLock { $0 } == Array(repeating: 4000 * 4001 / 2, count: 4))
    }
  }
}
