import Postgres
import PostgresTestSupport
import Testing

/// What a statement returns comes back as the server sent it: every row, value and NULL in
/// order, the columns of an empty result, the count of rows a write touched, and an error that
/// came after some rows, with the connection ready for the next statement.
@Suite struct ResultRowsTests {
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

  @Test func affectedRowsAreCountedWhenAWriteAlsoReturnsRows() throws {
    try TestDatabase.with { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v int8)")
      let inserted = try connection.query(
        "INSERT INTO t SELECT generate_series(1, 300) RETURNING v")
      #expect(inserted.count == 300)
      #expect(inserted.affectedRows == 300)
    }
  }
}
