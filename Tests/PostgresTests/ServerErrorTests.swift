import Postgres
import PostgresTestSupport
import Testing

@Suite struct ServerErrorTests {
  private func withTable(_ body: (PostgresConnection) throws -> Void) throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript(
        """
        CREATE TABLE items (
          id int8 PRIMARY KEY,
          amount int8 NOT NULL CONSTRAINT amount_positive CHECK (amount > 0)
        )
        """)
      try body(connection)
    }
  }

  @Test func uniqueViolationCarriesSQLStateAndConstraintAndAddsNoRow() throws {
    try withTable { connection in
      try connection.execute("INSERT INTO items VALUES (1, 10)")
      let error = try #require(throws: PostgresError.self) {
        try connection.execute("INSERT INTO items VALUES (1, 20)")
      }
      #expect(error.sqlState == PostgresError.Code.uniqueViolation)
      #expect(error.constraint == "items_pkey")
      #expect(error.detail?.contains("(id)=(1)") == true)
      let amounts = try connection.query("SELECT amount FROM items").map {
        try $0.decode("amount", as: Int64.self)
      }
      #expect(amounts == [10])
    }
  }

  @Test func checkViolationCarriesSQLStateAndConstraintAndAddsNoRow() throws {
    try withTable { connection in
      let error = try #require(throws: PostgresError.self) {
        try connection.execute("INSERT INTO items VALUES (2, -5)")
      }
      #expect(error.sqlState == PostgresError.Code.checkViolation)
      #expect(error.constraint == "amount_positive")
      #expect(
        try connection.query("SELECT count(*) AS n FROM items").single().decode("n", as: Int64.self)
          == 0)
    }
  }

  @Test func syntaxErrorDescriptionIsOneLine() throws {
    try TestDatabase.with(.empty) { database in
      let error = try #require(throws: PostgresError.self) {
        try database.connect().execute("SELEC 1")
      }
      #expect(error.kind == .server)
      #expect(error.sqlState == "42601")
      #expect(!error.description.contains("\n"))
    }
  }
}
