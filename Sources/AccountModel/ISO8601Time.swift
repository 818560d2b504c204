import Foundation

/// How times are written for people and programs: ISO 8601 in UTC with six fractional digits,
/// e.g. `2026-11-29T15:07:16.123456Z`.
///
/// Six digits because the database keeps microseconds: two times that differ in the store never
/// print the same, and the text sorts the way the times do.
public enum ISO8601Time {
  public static func string(from date: Date) -> String {
    let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    let (seconds, fraction) = floorDivision(micros, 1_000_000)
    let (days, secondOfDay) = floorDivision(seconds, 86_400)
    let (year, month, day) = ProlepticGregorian.date(daysSinceEpoch: days)
    let (hour, minute, second) = (secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
      + "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(fraction, 6))Z"
  }

  /// A time as people write it, in the RFC 3339 profile of ISO 8601: a date `YYYY-MM-DD`
  /// (midnight UTC), or `YYYY-MM-DDTHH:MM:SS`, optionally with 1 to 6 fractional digits, then
  /// `Z` or an offset `±HH:MM` (`2026-12-01T09:00:00Z`, `2026-12-01T18:00:00.5+09:00`).
  ///
  /// Strict on purpose: a calendar-invalid time such as `2026-02-30` or `T24:00:00` is refused
  /// with the reason instead of being shifted to a neighbouring day, because a notice that
  /// silently starts on 2 March is worse than an error. Leap seconds are refused too: the
  /// database cannot store them.
  public static func parse(_ text: String) throws(FieldError) -> Date {
    var scanner = TimeScanner(text)
    return try scanner.time()
  }

  /// What `parse` accepts, for error messages.
  public static let expectation =
    "a time such as 2026-12-01T09:00:00Z or 2026-12-01T18:00:00+09:00, a date such as 2026-12-01, or none"

  /// Quotient rounded down and a remainder that is never negative, for times before 1970.
  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}

/// Reads the bytes of one time from left to right, naming the first thing that is wrong.
///
/// It works on UTF-8 bytes so that only ASCII digits count as digits: `２０２６` is not a year.
private struct TimeScanner {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  private static let dateShape = "a date is written YYYY-MM-DD, e.g. 2026-12-01"
  private static let timeShape = "a time is written YYYY-MM-DDTHH:MM:SS, e.g. 2026-12-01T09:00:00Z"
  /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds since 1970.
  private static let firstSecond =
    ProlepticGregorian.daysSinceEpoch(year: 1, month: 1, day: 1) * 86_400
  private static let lastSecond =
    ProlepticGregorian.daysSinceEpoch(year: 9999, month: 12, day: 31) * 86_400 + 86_399

  private static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  mutating func time() throws(FieldError) -> Date {
    guard !bytes.isEmpty else { throw problem("empty; expected \(ISO8601Time.expectation)") }
    guard let year = digits(4) else {
      throw problem("expected \(ISO8601Time.expectation)")
    }
    guard year >= 1 else {
      throw problem("year 0000 does not exist; years run from 0001 to 9999")
    }
    try expect("-", else: Self.dateShape)
    guard let month = digits(2) else { throw problem(Self.dateShape) }
    try expect("-", else: Self.dateShape)
    guard let day = digits(2) else { throw problem(Self.dateShape) }
    guard (1...12).contains(month) else {
      throw problem("month \(twoDigits(month)) does not exist; months run from 01 to 12")
    }
    let length = ProlepticGregorian.days(inMonth: month, of: year)
    guard day >= 1 else { throw problem("day 00 does not exist; days start at 01") }
    guard day <= length else {
      throw problem("\(Self.monthNames[month - 1]) \(year) has \(length) days")
    }
    let midnight = ProlepticGregorian.daysSinceEpoch(year: year, month: month, day: day) * 86_400
    if offset == bytes.count { return Date(timeIntervalSince1970: Double(midnight)) }
    if let digit = peek, isDigit(digit) { throw problem(Self.dateShape) }
    guard take("T") || take("t") else {
      throw problem(
        "a date and a time are joined by 'T', e.g. 2026-12-01T09:00:00Z; a date alone is YYYY-MM-DD"
      )
    }
    guard let hour = digits(2) else { throw problem(Self.timeShape) }
    try expect(":", else: Self.timeShape)
    guard let minute = digits(2) else { throw problem(Self.timeShape) }
    try expect(":", else: Self.timeShape)
    guard let second = digits(2) else { throw problem(Self.timeShape) }
    guard hour <= 23 else {
      throw problem("hour \(hour) does not exist; hours run from 00 to 23")
    }
    guard minute <= 59 else {
      throw problem("minute \(minute) does not exist; minutes run from 00 to 59")
    }
    guard second <= 59 else {
      throw problem(
        "second \(second) does not exist here; seconds run from 00 to 59 (leap seconds are not accepted)"
      )
    }
    let micros = try fraction()
    let shift = try zoneOffset()
    guard offset == bytes.count else {
      throw problem("unexpected text after the time zone; \(Self.timeShape)")
    }
    let seconds = midnight + Int64(hour * 3600 + minute * 60 + second) - shift
    // An offset may carry a time at the edge of the range past it; in UTC it must stay inside,
    // or it would print as a year this parser refuses.
    guard (Self.firstSecond...Self.lastSecond).contains(seconds) else {
      throw problem("in UTC this time falls outside the years 0001 to 9999")
    }
    // One division of the exact count of microseconds: the nearest `Date` to the time written.
    return Date(timeIntervalSince1970: Double(seconds * 1_000_000 + Int64(micros)) / 1_000_000)
  }

  /// Up to six digits after a `.`, as microseconds.
  private mutating func fraction() throws(FieldError) -> Int {
    guard take(".") else { return 0 }
    var count = 0
    var micros = 0
    while let byte = peek, isDigit(byte) {
      count += 1
      offset += 1
      guard count <= 6 else {
        throw problem("more than 6 fractional digits; the database keeps microseconds")
      }
      micros = micros * 10 + Int(byte - UInt8(ascii: "0"))
    }
    guard count > 0 else {
      throw problem("the '.' of the seconds must be followed by 1 to 6 digits")
    }
    for _ in count..<6 { micros *= 10 }
    return micros
  }

  /// `Z`, or `+HH:MM` / `-HH:MM`, as seconds east of UTC.
  private mutating func zoneOffset() throws(FieldError) -> Int64 {
    let needed =
      "no time zone; end with Z for UTC or an offset such as +09:00, e.g. 2026-12-01T09:00:00Z"
    if take("Z") || take("z") { return 0 }
    let sign: Int64
    if take("+") {
      sign = 1
    } else if take("-") {
      sign = -1
    } else {
      throw problem(needed)
    }
    let shape = "an offset is written +HH:MM or -HH:MM, e.g. +09:00"
    guard let hours = digits(2) else { throw problem(shape) }
    try expect(":", else: shape)
    guard let minutes = digits(2) else { throw problem(shape) }
    guard hours <= 23, minutes <= 59 else {
      let written = String(decoding: bytes[(offset - 6)..<offset], as: UTF8.self)
      throw problem("offset \(written) does not exist; offsets run from -23:59 to +23:59")
    }
    return sign * Int64(hours * 3600 + minutes * 60)
  }

  private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// Exactly `count` ASCII digits as a number, or nil (consuming nothing) when they are not there.
  private mutating func digits(_ count: Int) -> Int? {
    guard offset + count <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[offset..<(offset + count)] {
      guard isDigit(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    offset += count
    return value
  }

  private mutating func take(_ character: Unicode.Scalar) -> Bool {
    guard peek == UInt8(ascii: character) else { return false }
    offset += 1
    return true
  }

  private mutating func expect(_ character: Unicode.Scalar, else shape: String)
    throws(FieldError)
  {
    guard take(character) else { throw problem(shape) }
  }

  private func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
  }

  private func problem(_ reason: String) -> FieldError {
    FieldError(field: "time", reason: reason)
  }
}

/// The calendar PostgreSQL and RFC 3339 use: Gregorian rules extended back before 1582.
///
/// Plain arithmetic (Howard Hinnant's `days_from_civil` and `civil_from_days`) rather than
/// Foundation's `Calendar`, which switches to the Julian calendar in 1582 and would disagree
/// with the database about old dates; and a result that can never depend on a time zone database.
private enum ProlepticGregorian {
  static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// Days from 1970-01-01 to a date.
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` after 1970-01-01.
  static func date(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
