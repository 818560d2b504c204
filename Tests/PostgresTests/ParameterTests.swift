import Postgres
import PostgresTestSupport
import Testing

@Suite struct ParameterTests {
  @Test func interpolationBindsParametersInsteadOfSplicingText() {
    let name = "x'); DROP TABLE t;--"
    let query: PostgresQuery = "SELECT \(name), \(Int64(5))"
    #expect(query.sql == "SELECT $1, $2")
    #expect(query.bindings.count == 2)
  }

  @Test func hostileTextIsStoredAndReadBackVerbatim() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE accounts (name text NOT NULL)")
      let hostile = "'); DROP TABLE accounts;--"
      try connection.execute("INSERT INTO accounts (name) VALUES (\(hostile))")
      let rows = try connection.query("SELECT name FROM accounts")
      #expect(rows.count == 1)
      #expect(try rows.single().decode("name", as: String.self) == hostile)
    }
  }
}
