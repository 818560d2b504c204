import AccountModel
import FeedAssembler
import Testing

@Suite struct MoneyFormatterTests {
  /// Expected strings worked out by hand from the minor units and the currency's minor digits.
  @Test(
    arguments: [
      (116_848, "KRW", "116,848원"),
      (-116_848, "KRW", "-116,848원"),
      (0, "KRW", "0원"),
      (999, "KRW", "999원"),
      (1_000, "KRW", "1,000원"),
      (20_000, "KRW", "20,000원"),
      (116_848, "USD", "$1,168.48"),
      (-116_848, "USD", "-$1,168.48"),
      (5, "USD", "$0.05"),
      (-5, "USD", "-$0.05"),
      (0, "USD", "$0.00"),
      (2_000, "EUR", "€20.00"),
      (116_848, "GBP", "1,168.48 GBP"),
      (500, "JPY", "500 JPY"),
      (1_234, "KWD", "1.234 KWD"),
      (7, "KWD", "0.007 KWD"),
      (-1_234_567, "KWD", "-1,234.567 KWD"),
      (0, "KWD", "0.000 KWD"),
      (12_345, "CLF", "1.2345 CLF"),
    ] as [(Int64, String, String)])
  func formatsMinorUnitsForTheCurrency(minorUnits: Int64, code: String, expected: String) throws {
    let currency = try #require(Currency(code: code))
    #expect(MoneyFormatter().string(minorUnits: minorUnits, currency: currency) == expected)
  }

  @Test func largestKRWAmountIsWrittenInFull() {
    #expect(
      MoneyFormatter().string(minorUnits: .max, currency: .krw) == "9,223,372,036,854,775,807원")
  }

  @Test func smallestKRWAmountDoesNotOverflowWhenNegated() {
    #expect(
      MoneyFormatter().string(minorUnits: .min, currency: .krw) == "-9,223,372,036,854,775,808원")
  }

  @Test func largestUSDAmountKeepsItsCents() {
    #expect(
      MoneyFormatter().string(minorUnits: .max, currency: .usd) == "$92,233,720,368,547,758.07")
  }

  @Test func smallestUSDAmountKeepsItsCents() {
    #expect(
      MoneyFormatter().string(minorUnits: .min, currency: .usd) == "-$92,233,720,368,547,758.08")
  }

  @Test func moneyValueFormatsLikeItsParts() {
    let money = Money(minorUnits: 50_000, currency: .krw)
    #expect(MoneyFormatter().string(for: money) == "50,000원")
  }
}
