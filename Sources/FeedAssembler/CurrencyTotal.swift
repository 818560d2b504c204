import AccountModel

/// The exact sum of some accounts' balances in one currency, or the fact that it does not fit.
///
/// Balances are added in 128 bits, where no number of 64-bit balances a feed could hold can
/// overflow, so the result does not depend on the order of the accounts; only the final sum is
/// checked against the 64-bit range that money is stored and formatted in.
public struct CurrencyTotal: Hashable, Sendable {
  public let currency: Currency
  /// The sum in minor units, or nil when it lies outside the range of `Int64`.
  public let minorUnits: Int64?

  public init(currency: Currency, minorUnits: Int64?) {
    self.currency = currency
    self.minorUnits = minorUnits
  }

  /// One total per currency among `accounts`, ordered by currency code so the order does not
  /// change when accounts are reordered.
  public static func totals(of accounts: [Account]) -> [CurrencyTotal] {
    var sums: [String: (currency: Currency, sum: Int128)] = [:]
    for account in accounts {
      let code = account.balance.currency.code
      let previous = sums[code]?.sum ?? 0
      sums[code] = (account.balance.currency, previous + Int128(account.balance.minorUnits))
    }
    return sums.keys.sorted().compactMap { code in
      sums[code].map { CurrencyTotal(currency: $0.currency, minorUnits: Int64(exactly: $0.sum)) }
    }
  }

  /// The same totals from sums the database added up: over the shown accounts' sums, and the
  /// hidden ones' too when `includingHidden`.
  public static func totals(of sums: [BalanceSum], includingHidden: Bool) -> [CurrencyTotal] {
    var totals: [String: (currency: Currency, sum: Int128)] = [:]
    for sum in sums where includingHidden || !sum.hidden {
      let code = sum.currency.code
      totals[code] = (sum.currency, (totals[code]?.sum ?? 0) + sum.minorUnits)
    }
    return totals.keys.sorted().compactMap { code in
      totals[code].map { CurrencyTotal(currency: $0.currency, minorUnits: Int64(exactly: $0.sum)) }
    }
  }
}
