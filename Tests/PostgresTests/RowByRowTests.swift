import Postgres
import PostgresTestSupport
import Testing

/// A statement's rows are read one at a time (libpq's single-row mode), so a large result is
/// never held twice; what comes back is the same as reading it whole.
@Suite struct RowByRowTests {
  @Test func everyValueAndNullOfAManyRowResultComesBackInOrder() throws {
    try TestDatabase.with { database in
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
    try TestDatabase.with { database in
      let connection = try database.connect()
      let rows = try connection.query("SELECT 1 AS one WHERE false")
      #expect(rows.isEmpty)
      #expect(rows.columns.map(\.name) == ["one"])
    }
  }

  @Test func aStatementFailingAfterSomeRowsThrowsAndLeavesTheConnectionReady() throws {
    try TestDatabase.with { database in
      let connection = try database.connect()
      let error = try #require(throws: PostgresError.self) {
        try connection.query("SELECT 1 / (5000 - g) AS n FROM generate_series(1, 10000) g")
      }
      #expect(error.sqlState == "22012")
      #expect(try connection.query("SELECT 2 AS n").single().decode("n", as: Int64.self) == 2)
    }
  }

  @Test func affectedRowsAreCountedWhenRowsAreReturnedOneByOne() throws {
    try TestDatabase.with { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v int8)")
      let inserted = try connection.query(
        "INSERT INTO t SELECT generate_series(1, 300) RETURNING v")
      #expect(inserted.count == 300)
      #expect(inserted.affectedRows == 300)
    }
  }

  /// libpq 15 keeps the single-row mode a statement asked for into a pipeline sent right after
  /// it, so the pipeline's first statement arrives row by row although it never asked (unless
  /// preparing the pipeline's statements reset the mode: the second time they are prepared).
  @Test func aPipelineRightAfterAStatementReadsItsFirstStatementWhole() throws {
    try TestDatabase.with { database in
      let connection = try database.connect()
      for _ in 1...2 {
        try connection.transaction { tx in
          _ = try tx.query("SELECT generate_series(1, 3) AS n")
          let results = try tx.pipeline([
            "SELECT generate_series(1, 4) AS n", "SELECT generate_series(1, 2) AS n",
          ])
          #expect(
            try results.map { try $0.map { try $0.decode("n", as: Int32.self) } } == [
              [1, 2, 3, 4], [1, 2],
            ])
        }
      }
    }
  }
}
