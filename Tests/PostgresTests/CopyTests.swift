import Postgres
import PostgresTestSupport
import Testing

/// `PostgresTransaction.copy(into:columns:rows:)`: rows moved in with `COPY … FROM STDIN`.
@Suite struct CopyTests {
  @Test func everyTextComesBackAsItWasSent() throws {
    let texts = [
      "plain", "tab\there", "new\nline", "carriage\rreturn", "back\\slash", "\\N", "\\.",
      "계좌 ₩1,000", "", "{\"a\":\"b\\\"c\"}", "end\\",
    ]
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (n int8, v text)")
      var rows = PostgresCopyRows()
      for (index, text) in texts.enumerated() {
        rows.append(Int64(index))
        rows.append(text)
        rows.endRow()
      }
      let stored = try connection.transaction { tx in
        try tx.copy(into: "t", columns: ["n", "v"], rows: rows)
      }
      #expect(stored == texts.count)
      let back = try connection.query("SELECT v FROM t ORDER BY n").map {
        try $0.decode("v", as: String.self)
      }
      #expect(back == texts)
    }
  }

  @Test func aMissingValueIsStoredAsNull() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v text, w int8)")
      var rows = PostgresCopyRows()
      rows.append(nil as String?)
      rows.appendNull()
      rows.endRow()
      _ = try connection.transaction { tx in
        try tx.copy(into: "t", columns: ["v", "w"], rows: rows)
      }
      let row = try connection.query("SELECT v IS NULL AS a, w IS NULL AS b FROM t").single()
      #expect(try row.decode("a", as: Bool.self))
      #expect(try row.decode("b", as: Bool.self))
    }
  }

  @Test func aRefusedRowFailsTheCopyAndStoresNothing() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v int8 CHECK (v > 0))")
      var rows = PostgresCopyRows()
      for value: Int64 in [1, 2, -3] {
        rows.append(value)
        rows.endRow()
      }
      let error = try #require(throws: PostgresError.self) {
        try connection.transaction { tx in try tx.copy(into: "t", columns: ["v"], rows: rows) }
      }
      #expect(error.sqlState == PostgresError.Code.checkViolation)
      #expect(
        try connection.query("SELECT count(*) AS n FROM t").single().decode("n", as: Int64.self)
          == 0)
      try connection.execute("INSERT INTO t VALUES (5)")
    }
  }

  @Test func namesAreQuotedSoAnyNameIsSafe() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE \"odd table\" (\"odd column\" text)")
      var rows = PostgresCopyRows()
      rows.append("x")
      rows.endRow()
      _ = try connection.transaction { tx in
        try tx.copy(into: "odd table", columns: ["odd column"], rows: rows)
      }
      let error = try #require(throws: PostgresError.self) {
        try connection.transaction { tx in
          try tx.copy(into: "t; DROP TABLE \"odd table\"", columns: ["v"], rows: rows)
        }
      }
      #expect(error.sqlState == "42P01")
      #expect(
        try connection.query("SELECT count(*) AS n FROM \"odd table\"").single().decode(
          "n", as: Int64.self) == 1)
    }
  }

  @Test func aLargeCopyGoesOutInManyChunks() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v text)")
      var rows = PostgresCopyRows()
      let text = String(repeating: "x", count: 1000)
      for _ in 0..<5_000 {
        rows.append(text)
        rows.endRow()
      }
      #expect(rows.bytes.count > 4 << 20)
      let stored = try connection.transaction { tx in
        try tx.copy(into: "t", columns: ["v"], rows: rows)
      }
      #expect(stored == 5_000)
      #expect(
        try connection.query("SELECT sum(length(v))::int8 AS n FROM t").single().decode(
          "n", as: Int64.self) == 5_000_000)
    }
  }
}
