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
  /// exactly `minorDigits` fraction digits when the currency has any. It is written from the last
  /// digit backwards straight into the string, because every row of a feed formats one.
  private static func decimalDigits(_ magnitude: UInt64, minorDigits: Int) -> String {
    var digitCount = 1
    var scan = magnitude / 10
    while scan > 0 {
      digitCount += 1
      scan /= 10
    }
    let wholeCount = max(digitCount, minorDigits + 1) - minorDigits
    let length = wholeCount + (wholeCount - 1) / 3 + (minorDigits > 0 ? minorDigits + 1 : 0)
    return String(unsafeUninitializedCapacity: length) { text in
      var rest = magnitude
      var position = length
      func put(_ byte: UInt8) {
        position -= 1
        text[position] = byte
      }
      func putDigit() {
        put(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
      }
      for _ in 0..<minorDigits { putDigit() }
      if minorDigits > 0 { put(UInt8(ascii: ".")) }
      for index in 0..<wholeCount {
        if index > 0 && index % 3 == 0 { put(UInt8(ascii: ",")) }
        putDigit()
      }
      return length
    }
  }
}
