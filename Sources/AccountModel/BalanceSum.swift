/// The exact sum of an owner's balances in one currency, over its hidden or its shown accounts,
/// added up by the database (`numeric`, so no number of balances overflows it).
public struct BalanceSum: Hashable, Sendable {
  public var currency: Currency
  public var hidden: Bool
  public var minorUnits: Int128

  public init(currency: Currency, hidden: Bool, minorUnits: Int128) {
    self.currency = currency
    self.hidden = hidden
    self.minorUnits = minorUnits
  }
}
