import AccountModel
import Foundation
import Postgres
import PostgresTestSupport
import Testing

@testable import AccountStore

/// `FeedAccountArrays`: the accounts the feed read carries as arrays on the owner's row, decoded
/// in display order whatever order the arrays came in.
@Suite struct FeedAccountArraysTests {
  /// One row of account arrays, each column given as the SQL of its array.
  private func accounts(
    ids: String = "ARRAY[1, 2, 3]", currencies: String = "ARRAY['KRW', 'KRW', 'USD']",
    positions: String = "ARRAY[2, 1, 1]", placements: String = "ARRAY[5, 6, 7]"
  ) throws -> [Account] {
    try TestDatabase.with(.empty) { database in
      let rows = try database.connect().query(
        PostgresQuery(
          unsafeSQL: """
            SELECT \(ids)::bigint[] AS account_ids, ARRAY['a', 'b', 'c'] AS account_names,
              ARRAY['checking', 'savings', 'checking'] AS account_kinds,
              ARRAY[10, 20, 30]::bigint[] AS account_balances,
              \(currencies) AS account_currencies, \(positions)::integer[] AS account_positions,
              \(placements)::bigint[] AS account_placements,
              ARRAY[false, false, true] AS account_hidden, ARRAY[1, 2, 3]::bigint[] AS account_versions,
              ARRAY[now(), now(), now()] AS account_created_at,
              ARRAY[now(), now(), now()] AS account_updated_at
            """, bindings: PostgresBindings()))
      return try FeedAccountArrays(rows).accounts(in: rows.single(), owner: "demo")
    }
  }

  @Test func accountsOutOfDisplayOrderAreSortedIntoIt() throws {
    // Position 1 first, and of the two there the one placed last (placement 7) first.
    #expect(try accounts().map(\.id) == [3, 2, 1])
  }

  @Test func eachAccountKeepsItsOwnColumns() throws {
    let third = try #require(try accounts().first)
    #expect(third.name == "c")
    #expect(third.kind == "checking")
    #expect(third.balance == Money(minorUnits: 30, currency: Currency(code: "USD")!))
    #expect(third.hidden)
    #expect(third.version == 3)
    #expect(third.ownerID == "demo")
  }

  @Test func accountsInDisplayOrderStayAsTheyCame() throws {
    #expect(
      try accounts(positions: "ARRAY[1, 1, 2]", placements: "ARRAY[9, 8, 1]").map(\.id) == [
        1, 2, 3,
      ])
  }

  @Test func arraysOfDifferentLengthsAreDamagedHistory() throws {
    let error = #expect(throws: AccountStoreError.self) { try accounts(ids: "ARRAY[1, 2]") }
    guard case .damaged? = error else {
      Issue.record("expected damaged, got \(String(describing: error))")
      return
    }
  }

  @Test func aStoredCurrencyOutsideISO4217IsRefused() throws {
    #expect(
      throws: AccountStoreError.invalid(
        field: "currency", reason: "stored code 'XYZ' is not ISO 4217")
    ) { try accounts(currencies: "ARRAY['KRW', 'XYZ', 'USD']") }
  }
}
