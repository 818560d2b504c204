import AccountModel
import Testing

/// A text `ISO8601Time.parse` must refuse, and the phrase its reason must hold.
struct TimeRefusal: CustomTestStringConvertible, Sendable {
  let text: String
  let reason: String

  init(_ text: String, _ reason: String) {
    self.text = text
    self.reason = reason
  }

  var testDescription: String { "\"\(text)\"" }
}

/// Calendar-invalid times are refused with what is wrong, never shifted to a neighbouring day.
@Suite("ISO 8601 times: what is refused")
struct ISO8601TimeRefusalTests {
  static let calendar: [TimeRefusal] = [
    .init("2026-02-30", "February 2026 has 28 days"),
    .init("2026-02-29", "February 2026 has 28 days"),
    .init("2100-02-29", "February 2100 has 28 days"),
    .init("2026-04-31", "April 2026 has 30 days"),
    .init("2026-12-32", "December 2026 has 31 days"),
    .init("2026-12-00", "day 00 does not exist"),
    .init("2026-13-01", "month 13 does not exist; months run from 01 to 12"),
    .init("2026-00-10", "month 00 does not exist"),
    .init("0000-01-01", "year 0000 does not exist"),
    .init("0000-01-01T00:00:00Z", "year 0000 does not exist"),
    .init("2026-02-30T10:00:00Z", "February 2026 has 28 days"),
    .init("2026-12-01T24:00:00Z", "hour 24 does not exist; hours run from 00 to 23"),
    .init("2026-12-01T23:60:00Z", "minute 60 does not exist"),
    .init("2026-12-01T23:59:60Z", "second 60 does not exist"),
    .init("2026-12-01T09:00:00+24:00", "offset +24:00 does not exist"),
    .init("2026-12-01T09:00:00+25:00", "offset +25:00 does not exist"),
    .init("2026-12-01T09:00:00-24:00", "offset -24:00 does not exist"),
    .init("2026-12-01T09:00:00+09:60", "offset +09:60 does not exist"),
    .init("0001-01-01T00:00:00+23:59", "in UTC this time falls outside the years 0001 to 9999"),
    .init("9999-12-31T23:59:59-00:01", "in UTC this time falls outside the years 0001 to 9999"),
  ]

  static let shape: [TimeRefusal] = [
    .init("", "empty"),
    .init("tomorrow", "expected a time such as 2026-12-01T09:00:00Z"),
    .init("2026-1-5", "a date is written YYYY-MM-DD"),
    .init("2026-12-1", "a date is written YYYY-MM-DD"),
    .init("2026-12-011", "a date is written YYYY-MM-DD"),
    .init("20261201", "a date is written YYYY-MM-DD"),
    .init("2026/12/01", "a date is written YYYY-MM-DD"),
    .init("26-12-01", "expected a time such as"),
    .init("+2026-12-01", "expected a time such as"),
    .init("２０２６-12-01", "expected a time such as"),
    .init("2026-12-01 09:00:00Z", "joined by 'T'"),
    .init("2026-12-01T9:00:00Z", "a time is written YYYY-MM-DDTHH:MM:SS"),
    .init("2026-12-01T09:00Z", "a time is written YYYY-MM-DDTHH:MM:SS"),
    .init("2026-12-01T09:00:00", "no time zone; end with Z for UTC or an offset"),
    .init("2026-12-01T09:00:00 Z", "no time zone"),
    .init("2026-12-01T09:00:00+0900", "an offset is written +HH:MM or -HH:MM"),
    .init("2026-12-01T09:00:00+9:00", "an offset is written +HH:MM or -HH:MM"),
    .init("2026-12-01T09:00:00.Z", "must be followed by 1 to 6 digits"),
    .init("2026-12-01T09:00:00.1234567Z", "more than 6 fractional digits"),
    .init("2026-12-01T09:00:00,5Z", "no time zone"),
    .init("2026-12-01T09:00:00Zx", "unexpected text after the time zone"),
    .init("2026-12-01T09:00:00Z\n", "unexpected text after the time zone"),
    .init("2026-12-01T09:00:00+09:00:00", "unexpected text after the time zone"),
  ]

  @Test(arguments: calendar)
  func aTimeThatIsNotInTheCalendarIsRefusedWithTheReason(_ refusal: TimeRefusal) {
    #expect(refusedReason(refusal.text)?.contains(refusal.reason) == true, "\(refusal)")
  }

  @Test(arguments: shape)
  func aTimeOfTheWrongShapeIsRefusedWithTheShape(_ refusal: TimeRefusal) {
    #expect(refusedReason(refusal.text)?.contains(refusal.reason) == true, "\(refusal)")
  }

  @Test func theErrorNamesTheFieldAsATime() {
    #expect(throws: FieldError(field: "time", reason: "February 2026 has 28 days")) {
      try ISO8601Time.parse("2026-02-30")
    }
  }

  private func refusedReason(_ text: String) -> String? {
    do {
      _ = try ISO8601Time.parse(text)
      return nil
    } catch {
      return error.reason
    }
  }
}
