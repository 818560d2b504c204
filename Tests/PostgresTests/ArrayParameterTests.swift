import Postgres
import PostgresTestSupport
import Testing

/// `PostgresArray`: one parameter carrying a column of many rows, NULLs included.
@Suite struct ArrayParameterTests {
  @Test func everyTextAndNullComesBackInItsPlace() throws {
    let texts: [String?] = [
      "plain", nil, "comma, \"quote\" {brace}", "NULL", "", "계좌 ₩1,000", "back\\slash", nil,
    ]
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let rows = try connection.query(
        "SELECT value FROM unnest(\(PostgresArray(texts))) WITH ORDINALITY AS t (value, n) ORDER BY n"
      )
      #expect(try rows.map { try $0.decode("value", as: String?.self) } == texts)
    }
  }

  @Test func columnsOfDifferentTypesUnnestIntoRows() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let big = PostgresArray<Int64>([1, nil, Int64.max, Int64.min])
      let small = PostgresArray<Int32>([Int32.min, 0, nil, Int32.max])
      let rows = try connection.query(
        "SELECT b, s FROM unnest(\(big), \(small)) WITH ORDINALITY AS t (b, s, n) ORDER BY n")
      #expect(try rows.map { try $0.decode("b", as: Int64?.self) } == big.elements)
      #expect(try rows.map { try $0.decode("s", as: Int32?.self) } == small.elements)
    }
  }

  @Test func anEmptyArrayHasNoElements() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let row = try connection.query(
        "SELECT cardinality(\(PostgresArray<String>())) AS n, \(PostgresArray<Int64>()) = '{}' AS empty"
      ).single()
      #expect(try row.decode("n", as: Int32.self) == 0)
      #expect(try row.decode("empty", as: Bool.self))
    }
  }
}
