import Postgres
import PostgresTestSupport
import Testing

@Suite struct DecodingErrorTests {
  @Test func typeMismatchNamesTheColumnAndBothTypes() throws {
    try TestDatabase.with(.empty) { database in
      let row = try database.connect().query("SELECT 42::int8 AS balance").single()
      let error = try #require(throws: PostgresError.self) {
        try row.decode("balance", as: String.self)
      }
      #expect(error.kind == .decoding)
      #expect(error.description.contains("\"balance\""))
      #expect(error.description.contains("int8"))
      #expect(error.description.contains("String"))
    }
  }

  @Test func narrowingAWiderIntegerColumnIsAMismatch() throws {
    try TestDatabase.with(.empty) { database in
      let row = try database.connect().query("SELECT 1::int8 AS n").single()
      #expect(throws: PostgresError.self) { try row.decode("n", as: Int32.self) }
      #expect(try row.decode("n", as: Int64.self) == 1)
    }
  }

  @Test func unknownColumnIsAnErrorListingTheColumns() throws {
    try TestDatabase.with(.empty) { database in
      let row = try database.connect().query("SELECT 1 AS a, 2 AS b").single()
      let error = try #require(throws: PostgresError.self) { try row.decode("c", as: Int32.self) }
      #expect(error.description == "no column \"c\" in result (a, b)")
    }
  }
}
