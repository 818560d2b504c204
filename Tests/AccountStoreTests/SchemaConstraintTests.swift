import AccountModel
import AccountStore
import Postgres
import Testing

/// The schema refuses bad data by itself, for writers that go around AccountStore.
@Suite struct SchemaConstraintTests {
  private func insertAccount(_ store: AccountStore, name: String, currency: String) throws {
    try store.connection.execute(
      """
      INSERT INTO accounts (owner_id, name, balance_minor, currency)
      VALUES ('demo', \(name), 1, \(currency))
      """)
  }

  @Test func currencyTableMatchesTheCurrencyType() throws {
    try withStore { store in
      let rows = try store.connection.query(
        "SELECT code, minor_digits FROM currencies ORDER BY code")
      let stored = try rows.map {
        "\(try $0.decode("code", as: String.self)):\(try $0.decode("minor_digits", as: Int16.self))"
      }
      #expect(stored == Currency.all.map { "\($0.code):\($0.minorDigits)" })
    }
  }

  @Test func anUnknownCurrencyIsRefusedByTheDatabase() throws {
    try withStore { store in
      let error = try #require(throws: PostgresError.self) {
        try insertAccount(store, name: "a", currency: "XYZ")
      }
      #expect(error.sqlState == PostgresError.Code.foreignKeyViolation)
      #expect(error.constraint == "accounts_currency_known")
    }
  }

  @Test(arguments: ["", String(repeating: "가", count: 101)])
  func aNameOfTheWrongLengthIsRefusedByTheDatabase(name: String) throws {
    try withStore { store in
      let error = try #require(throws: PostgresError.self) {
        try insertAccount(store, name: name, currency: "KRW")
      }
      #expect(error.sqlState == PostgresError.Code.checkViolation)
      #expect(error.constraint == "accounts_name_length")
    }
  }

  @Test func aNoticeWithAnUnknownSeverityIsRefusedByTheDatabase() throws {
    try withStore { store in
      let error = try #require(throws: PostgresError.self) {
        try store.connection.execute(
          "INSERT INTO notices (owner_id, message, severity) VALUES ('demo', 'm', 'loud')")
      }
      #expect(error.constraint == "notices_severity_known")
    }
  }
}
