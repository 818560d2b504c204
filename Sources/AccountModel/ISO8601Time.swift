import Foundation

/// How times are written for people and programs: ISO 8601 in UTC with six fractional digits,
/// e.g. `2026-11-29T15:07:16.123456Z`.
///
/// Six digits because the database keeps microseconds: two times that differ in the store never
/// print the same, and the text sorts the way the times do.
public enum ISO8601Time {
  public static func string(from date: Date) -> String {
    let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    let (seconds, fraction) = micros.quotientAndRemainder(dividingBy: 1_000_000)
    let (wholeSeconds, positiveFraction) =
      fraction < 0 ? (seconds - 1, fraction + 1_000_000) : (seconds, fraction)
    let c = utcCalendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second],
      from: Date(timeIntervalSince1970: Double(wholeSeconds)))
    return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T"
      + "\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2)).\(pad(Int(positiveFraction), 6))Z"
  }

  /// A time as people write it: an ISO 8601 time with an offset (`2026-12-01T09:00:00Z`,
  /// `2026-12-01T18:00:00+09:00`, fractional seconds allowed) or a date (`2026-12-01`, meaning
  /// midnight UTC). Nil for anything else.
  public static func parse(_ text: String) -> Date? {
    let full = text.count == 10 ? text + "T00:00:00Z" : text
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: full) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: full)
  }

  /// What `parse` accepts, for error messages.
  public static let expectation =
    "a time such as 2026-12-01T09:00:00Z or 2026-12-01T18:00:00+09:00, a date such as 2026-12-01, or none"

  static let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  private static func pad(_ value: Int?, _ width: Int) -> String {
    let text = String(value ?? 0)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
