import Foundation

/// A `timestamptz` exactly as the server keeps it: microseconds since 2000-01-01 00:00 UTC.
///
/// `Date` is a `Double` of seconds and cannot promise every microsecond survives a round trip;
/// this type can, so stored times compare equal after reading them back.
public struct PostgresTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var microsecondsSince2000: Int64

  /// Seconds from 1970-01-01 to 2000-01-01.
  static let epochOffset: Int64 = 946_684_800

  public init(microsecondsSince2000: Int64) {
    self.microsecondsSince2000 = microsecondsSince2000
  }

  /// The timestamp nearest to `date`, rounded to the microsecond.
  public init(_ date: Date) {
    let micros = ((date.timeIntervalSince1970 - Double(Self.epochOffset)) * 1_000_000).rounded()
    self.init(microsecondsSince2000: Int64(micros))
  }

  public var date: Date {
    Date(timeIntervalSince1970: Double(Self.epochOffset) + Double(microsecondsSince2000) / 1e6)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.microsecondsSince2000 < rhs.microsecondsSince2000
  }

  /// ISO 8601 in UTC with six fractional digits, e.g. `2026-11-29T15:07:16.123456Z`.
  public var description: String {
    let (seconds, micros) = microsecondsSince2000.quotientAndRemainder(dividingBy: 1_000_000)
    let (wholeSeconds, fraction) =
      micros < 0 ? (seconds - 1, micros + 1_000_000) : (seconds, micros)
    let date = Date(timeIntervalSince1970: Double(wholeSeconds + Self.epochOffset))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func pad(_ value: Int?, _ width: Int) -> String {
      let text = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T"
      + "\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2)).\(pad(Int(fraction), 6))Z"
  }
}

extension PostgresTimestamp: PostgresCodable {
  public static var postgresType: PostgresDataType { .timestamptz }

  public func encode(into buffer: inout [UInt8]) {
    microsecondsSince2000.appendBigEndian(to: &buffer)
  }

  public init(
    postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    guard type == .timestamptz || type == .timestamp else { throw .typeMismatch }
    guard let micros = Int64(bigEndianBytes: bytes) else {
      throw .malformed("timestamp of \(bytes.count) bytes")
    }
    self.init(microsecondsSince2000: micros)
  }
}

extension Date: PostgresCodable {
  public static var postgresType: PostgresDataType { .timestamptz }

  public func encode(into buffer: inout [UInt8]) {
    PostgresTimestamp(self).encode(into: &buffer)
  }

  public init(
    postgresBytes bytes: UnsafeRawBufferPointer, type: PostgresDataType
  ) throws(PostgresDecodingFailure) {
    self = try PostgresTimestamp(postgresBytes: bytes, type: type).date
  }
}
