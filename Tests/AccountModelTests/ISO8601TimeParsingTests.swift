import AccountModel
import Foundation
import Testing

/// `ISO8601Time.parse` reads the RFC 3339 profile exactly; the expected instants were worked
/// out independently (Python's `datetime`), as seconds since 1970.
@Suite("ISO 8601 times: what is accepted")
struct ISO8601TimeParsingTests {
  private func seconds(_ text: String) throws -> Double {
    try ISO8601Time.parse(text).timeIntervalSince1970
  }

  @Test func aDateAloneIsMidnightUTC() throws {
    #expect(try seconds("2026-12-01") == 1_796_083_200)
  }

  @Test func zuluIsUTC() throws {
    #expect(try seconds("2026-12-01T09:00:00Z") == 1_796_115_600)
  }

  @Test func aPositiveOffsetIsEastOfUTC() throws {
    #expect(try seconds("2026-12-01T18:00:00+09:00") == 1_796_115_600)
  }

  @Test func aNegativeOffsetIsWestOfUTC() throws {
    #expect(try seconds("2026-12-01T03:30:00-05:30") == 1_796_115_600)
  }

  @Test func minusZeroIsUTC() throws {
    #expect(try seconds("2026-12-01T09:00:00-00:00") == 1_796_115_600)
  }

  @Test func lowercaseSeparatorAndZuluAreAcceptedAsRFC3339Allows() throws {
    #expect(try seconds("2026-12-01t09:00:00z") == 1_796_115_600)
  }

  @Test func oneFractionalDigitIsTenths() throws {
    #expect(try seconds("2026-12-01T09:00:00.5Z") == 1_796_115_600.5)
  }

  @Test func sixFractionalDigitsAreMicroseconds() throws {
    let time = try ISO8601Time.parse("2026-12-01T09:00:00.000001Z")
    #expect(ISO8601Time.string(from: time) == "2026-12-01T09:00:00.000001Z")
  }

  @Test func aLeapDayIsAccepted() throws {
    #expect(try seconds("2024-02-29") == 1_709_164_800)
  }

  @Test func aLeapDayOfAFourHundredthYearIsAccepted() throws {
    #expect(try seconds("2000-02-29") == 951_782_400)
  }

  @Test func aTimeBefore1970IsNegative() throws {
    #expect(try seconds("1969-12-31T23:59:59Z") == -1)
  }

  @Test func theFirstYearIsProlepticGregorianLikeTheDatabase() throws {
    #expect(try seconds("0001-01-01T00:00:00Z") == -62_135_596_800)
  }

  @Test func theLastSecondOfYear9999IsAccepted() throws {
    #expect(try seconds("9999-12-31T23:59:59Z") == 253_402_300_799)
  }

  @Test func daysDroppedByTheJulianSwitchExistInTheProlepticCalendar() throws {
    #expect(try seconds("1582-10-10") == -12_219_724_800)
  }

  @Test func printingThenParsingGivesTheSameInstantForEveryDayOfAYear() throws {
    let start = 1_796_083_200.0 - 365 * 86_400
    for day in 0..<366 {
      let time = Date(timeIntervalSince1970: start + Double(day) * 86_400 + 45_296.789012)
      #expect(try ISO8601Time.parse(ISO8601Time.string(from: time)) == time)
    }
  }

  @Test func printingBeforeTheJulianSwitchUsesTheProlepticCalendar() {
    #expect(
      ISO8601Time.string(from: Date(timeIntervalSince1970: -12_219_724_800))
        == "1582-10-10T00:00:00.000000Z")
  }
}
