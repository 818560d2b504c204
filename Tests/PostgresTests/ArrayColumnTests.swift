import Foundation
import Postgres
import PostgresTestSupport
import Testing

/// `PostgresArrayElements`: an array column read element by element where libpq holds it.
@Suite struct ArrayColumnTests {
  private func row(_ sql: String) throws -> PostgresRow {
    try TestDatabase.with(.empty) { database in
      try database.connect().query(PostgresQuery(unsafeSQL: sql, bindings: PostgresBindings()))
        .single()
    }
  }

  private func elements<T: PostgresArrayElement & PostgresDecodable>(
    _ row: PostgresRow, _ column: Int = 0, as type: T.Type
  ) throws -> [T] {
    var elements = try row.arrayElements(at: column, as: T.self)
    return try (0..<elements.count).map { _ in try elements.next() }
  }

  @Test func everyElementComesBackInOrder() throws {
    let row = try row(
      """
      SELECT ARRAY[3, -1, 9223372036854775807]::bigint[], ARRAY['계좌', '', 'a "b" \\c']::text[],
        ARRAY[true, false]::boolean[], ARRAY[7, -7]::integer[],
        ARRAY['2026-12-02 10:00:00.123456+00', '2000-01-01 00:00:00+00']::timestamptz[],
        '2026-12-02 10:00:00.123456+00'::timestamptz, '2000-01-01 00:00:00+00'::timestamptz
      """)
    #expect(try elements(row, 0, as: Int64.self) == [3, -1, Int64.max])
    #expect(try elements(row, 1, as: String.self) == ["계좌", "", "a \"b\" \\c"])
    #expect(try elements(row, 2, as: Bool.self) == [true, false])
    #expect(try elements(row, 3, as: Int32.self) == [7, -7])
    #expect(
      try elements(row, 4, as: Date.self) == [
        try row.decode(at: 5, as: Date.self), try row.decode(at: 6, as: Date.self),
      ])
  }

  @Test func anAggregateOfNoRowsHasNoElements() throws {
    let row = try row("SELECT array_agg(n) FROM generate_series(1, 0) n")
    #expect(try row.arrayElements(at: 0, as: Int32.self).count == 0)
    #expect(try elements(row, as: Int32.self).isEmpty)
  }

  @Test func anEmptyArrayHasNoElements() throws {
    #expect(try elements(row("SELECT '{}'::text[]"), as: String.self).isEmpty)
  }

  @Test func aNullElementIsAnErrorNamingTheColumn() throws {
    var elements = try row("SELECT ARRAY[1, NULL]::bigint[] AS ids").arrayElements(
      at: 0, as: Int64.self)
    #expect(try elements.next() == 1)
    let error = #expect(throws: PostgresError.self) { try elements.next() }
    #expect(error?.column == "ids")
  }

  @Test func readingPastTheLastElementIsAnError() throws {
    var elements = try row("SELECT ARRAY[1]::bigint[]").arrayElements(at: 0, as: Int64.self)
    _ = try elements.next()
    #expect(throws: PostgresError.self) { try elements.next() }
  }

  @Test func anArrayOfAnotherTypeIsRefused() throws {
    let error = #expect(throws: PostgresError.self) {
      try row("SELECT ARRAY[1]::integer[] AS n").arrayElements(at: 0, as: Int64.self)
    }
    #expect(error?.message.contains("does not decode") == true)
  }

  @Test func anArrayOfTwoDimensionsIsRefused() throws {
    #expect(throws: PostgresError.self) {
      try row("SELECT ARRAY[[1, 2], [3, 4]]::bigint[]").arrayElements(at: 0, as: Int64.self)
    }
  }
}
