import Foundation
import Postgres
import PostgresTestSupport
import Testing

/// Every supported type goes to the server as a parameter and comes back through a column of
/// that type, unchanged.
@Suite struct TypeRoundTripTests {
  private func roundTrip<T: PostgresCodable>(_ value: T, as sqlType: String) throws -> T {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let query = PostgresQuery(
        unsafeSQL: "SELECT $1::\(sqlType) AS value",
        bindings: {
          var b = PostgresBindings()
          b.append(value)
          return b
        }())
      return try connection.query(query).single().decode("value", as: T.self)
    }
  }

  @Test(arguments: [Int64.min, -1, 0, 1, Int64.max])
  func int8KeepsItsExtremes(value: Int64) throws {
    #expect(try roundTrip(value, as: "int8") == value)
  }

  @Test(arguments: [Int32.min, 0, Int32.max])
  func int4KeepsItsExtremes(value: Int32) throws {
    #expect(try roundTrip(value, as: "int4") == value)
  }

  @Test(arguments: [Int16.min, 0, Int16.max])
  func int2KeepsItsExtremes(value: Int16) throws {
    #expect(try roundTrip(value, as: "int2") == value)
  }

  @Test(arguments: [true, false])
  func boolRoundTrips(value: Bool) throws {
    #expect(try roundTrip(value, as: "bool") == value)
  }

  @Test(arguments: ["", "plain", "토스뱅크 통장", "👩‍👩‍👧 emoji ✨", "line\nbreak\ttab", "'\"\\"])
  func textKeepsEveryCharacter(value: String) throws {
    #expect(try roundTrip(value, as: "text") == value)
    #expect(try roundTrip(value, as: "varchar") == value)
  }

  @Test func uuidRoundTrips() throws {
    let value = UUID()
    #expect(try roundTrip(value, as: "uuid") == value)
  }

  @Test func timestampKeepsMicroseconds() throws {
    let value = PostgresTimestamp(microsecondsSince2000: 849_280_036_123_457)
    #expect(try roundTrip(value, as: "timestamptz") == value)
  }

  @Test func timestampBeforeTheYear2000RoundTrips() throws {
    let value = PostgresTimestamp(microsecondsSince2000: -123_456_789_012_345)
    #expect(try roundTrip(value, as: "timestamptz") == value)
  }

  @Test func timestampPrintsAsUTCWithSixFractionalDigits() throws {
    let row = try TestDatabase.with(.empty) { database in
      try database.connect().query(
        "SELECT '2026-11-29 15:07:16.000042+00'::timestamptz AS value"
      ).single()
    }
    #expect(
      try row.decode("value", as: PostgresTimestamp.self).description
        == "2026-11-29T15:07:16.000042Z")
  }

  @Test(arguments: [[], [0, 1, 2, 255, 0]] as [[UInt8]])
  func byteaRoundTrips(value: [UInt8]) throws {
    #expect(try roundTrip(value, as: "bytea") == value)
  }

  @Test func largeByteaRoundTrips() throws {
    let value = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    #expect(try roundTrip(value, as: "bytea") == value)
  }

  @Test(arguments: [
    "0", "-1", "12345678901234567890123456789.000000000000000000001", "0.0001", "-0.5", "10000",
    "99999999", "100000000.00",
  ])
  func numericIsExact(text: String) throws {
    let value = try #require(PostgresNumeric(text))
    #expect(try roundTrip(value, as: "numeric").description == text)
  }

  @Test func numericRejectsTextThatIsNotADecimal() {
    #expect(PostgresNumeric("1e5") == nil)
    #expect(PostgresNumeric("12.") == nil)
    #expect(PostgresNumeric("") == nil)
  }

  @Test func largeJSONBDocumentRoundTripsAsTheServerNormalisesIt() throws {
    let items = (0..<5_000).map { #"{"id": "account/\#($0)", "name": "통장 \#($0)"}"# }
    let document = "[" + items.joined(separator: ", ") + "]"
    let value = PostgresJSONB(document)
    let back = try roundTrip(value, as: "jsonb")
    #expect(back.text == document)
  }

  @Test func nullDecodesAsNilOnlyIntoAnOptional() throws {
    try TestDatabase.with(.empty) { database in
      let row = try database.connect().query("SELECT NULL::text AS missing").single()
      #expect(try row.decode("missing", as: String?.self) == nil)
      #expect(throws: PostgresError.self) { try row.decode("missing", as: String.self) }
    }
  }

  @Test func optionalParameterBindsNull() throws {
    try TestDatabase.with(.empty) { database in
      let absent: Int64? = nil
      let row = try database.connect().query("SELECT \(absent)::int8 IS NULL AS isNull").single()
      #expect(try row.decode("isnull", as: Bool.self))
    }
  }
}
