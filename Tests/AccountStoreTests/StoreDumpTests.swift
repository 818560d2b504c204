import AccountModel
import AccountStore
import Postgres
import Testing

/// The tests' "nothing changed" rests on `dump()`: it must see every table.
@Suite struct StoreDumpTests {
  @Test func theDumpSeesAChangeToTheTablesNoWriteTouches() throws {
    try withStore { store in
      let before = try store.dump()
      try store.connection.executeScript("DELETE FROM currencies WHERE code = 'XPF'")
      let withoutCurrency = try store.dump()
      try store.connection.executeScript("UPDATE schema_migrations SET name = name || ' '")
      #expect(withoutCurrency != before)
      #expect(try store.dump() != withoutCurrency)
    }
  }
}
