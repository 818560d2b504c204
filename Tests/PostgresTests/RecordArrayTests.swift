import Postgres
import PostgresTestSupport
import Testing

/// An array of records read as rows: each record's fields under the names the reader gives, in
/// the array's order, NULL fields included.
@Suite struct RecordArrayTests {
  private func records(_ sql: PostgresQuery) throws -> PostgresRecordArray {
    try TestDatabase.with { database in
      try database.connect().query(sql).single().decode("r", as: PostgresRecordArray.self)
    }
  }

  @Test func recordsDecodeByTheGivenNamesInTheirOrder() throws {
    let rows = try records(
      """
      SELECT ARRAY(SELECT ROW(n::int8, 'row ' || n, CASE WHEN n = 2 THEN NULL ELSE n > 1 END)
        FROM generate_series(3, 1, -1) n) AS r
      """
    ).rows(named: ["id", "name", "flag"])
    #expect(try rows.map { try $0.decode("id", as: Int64.self) } == [3, 2, 1])
    #expect(try rows.map { try $0.decode("name", as: String.self) } == ["row 3", "row 2", "row 1"])
    #expect(try rows.map { try $0.decode("flag", as: Bool?.self) } == [true, nil, false])
  }

  @Test func anEmptyArrayHasNoRows() throws {
    let rows = try records("SELECT ARRAY(SELECT ROW(1, 2) WHERE false) AS r")
      .rows(named: ["a", "b"])
    #expect(rows.isEmpty)
  }

  @Test func recordsWithOtherThanTheNamedFieldsAreRefused() throws {
    let array = try records("SELECT ARRAY[ROW(1, 2)] AS r")
    let error = try #require(throws: PostgresError.self) { try array.rows(named: ["a"]) }
    #expect(error.kind == .decoding)
    #expect(error.description.contains("2 fields, expected 1"))
  }

  @Test func aColumnThatIsNotAnArrayOfRecordsIsATypeMismatch() throws {
    try TestDatabase.with { database in
      let row = try database.connect().query("SELECT ARRAY[1, 2] AS r").single()
      let error = try #require(throws: PostgresError.self) {
        try row.decode("r", as: PostgresRecordArray.self)
      }
      #expect(error.kind == .decoding)
    }
  }
}
