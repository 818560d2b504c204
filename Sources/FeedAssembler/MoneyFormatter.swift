import AccountModel

/// Writes an amount the way the "내 계좌" screen shows it: "116,848원", "-116,848원", "$1,168.48".
///
/// The digits come straight from the integer count of minor units and the currency's minor digits
/// in our ISO 4217 table, never from a platform number formatter or a floating-point number, so
/// every amount (`Int64.min` included) is exact and the text is the same on every machine.
///
/// - KRW is written with the digits and "원" after them: `116,848원`.
/// - USD and EUR put their sign before the digits: `$1,168.48`, `€20.00`.
/// - Every other currency puts its code after the digits: `1,168.48 GBP`, `1.234 KWD`, `500 JPY`.
///
/// A negative amount starts with "-" before everything else: `-116,848원`, `-$1,168.48`.
public struct MoneyFormatter: Hashable, Sendable {
  public init() {}

  public func string(for money: Money) -> String {
    string(minorUnits: money.minorUnits, currency: money.currency)
  }

  public func string(minorUnits: Int64, currency: Currency) -> String {
    // `magnitude` is a UInt64, so Int64.min's magnitude (2^63) needs no negation that overflows.
    let digits = Self.decimalDigits(minorUnits.magnitude, minorDigits: currency.minorDigits)
    let sign = minorUnits < 0 ? "-" : ""
    switch currency.code {
    case "KRW": return sign + digits + "원"
    case "USD": return sign + "$" + digits
    case "EUR": return sign + "€" + digits
    default: return sign + digits + " " + currency.code
    }
  }

  /// The unsigned amount in major units: the whole part grouped by thousands with ",", then "." and
  /// exactly `minorDigits` fraction digits when the currency has any.
  private static func decimalDigits(_ magnitude: UInt64, minorDigits: Int) -> String {
    let plain = String(magnitude)
    let padded =
      plain.count > minorDigits
      ? plain : String(repeating: "0", count: minorDigits + 1 - plain.count) + plain
    let whole = padded.dropLast(minorDigits)
    let fraction = padded.suffix(minorDigits)
    var grouped = ""
    for (index, digit) in whole.enumerated() {
      if index > 0 && (whole.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return fraction.isEmpty ? grouped : grouped + "." + fraction
  }
}
