/// An ISO 4217 currency and how many minor-unit digits it has.
///
/// The table is ours, not a platform number formatter's: what a minor unit is worth is part of
/// the stored data's meaning (a KRW balance of 116848 is 116,848원, a USD balance of 116848 is
/// $1,168.48), so it must not change with the machine's locale data.
public struct Currency: Hashable, Sendable, CustomStringConvertible {
  /// The three-letter alphabetic code, e.g. `KRW`.
  public let code: String
  /// Digits after the decimal point in the major unit: 0 for KRW and JPY, 2 for USD, 3 for KWD.
  public let minorDigits: Int

  /// The currency for an ISO 4217 code, or nil for a code that is not an active currency.
  public init?(code: String) {
    guard let digits = Self.minorDigitsByCode[code] else { return nil }
    self.code = code
    self.minorDigits = digits
  }

  public var description: String { code }

  /// Every currency of the table, by code; `SQL/003_currencies.sql` holds the same list.
  public static let all: [Currency] = minorDigitsByCode.keys.sorted().compactMap {
    Currency(code: $0)
  }

  public static let krw = Currency(code: "KRW")!
  public static let usd = Currency(code: "USD")!

  /// Every active code with a minor-unit exponent other than 2.
  private static let exceptions: [String: Int] = [
    "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
    "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
    "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    "CLF": 4, "UYW": 4,
  ]

  /// Active codes whose minor unit is a hundredth.
  private static let hundredths = """
    AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN \
    BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP \
    GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP \
    LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR \
    NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN \
    SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR \
    ZMW ZWG
    """

  private static let minorDigitsByCode: [String: Int] = {
    var table = exceptions
    for code in hundredths.split(separator: " ") { table[String(code)] = 2 }
    return table
  }()
}
