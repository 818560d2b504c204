/// An amount of money: an integer count of minor units and its currency.
///
/// Never a floating point number: every amount the store holds or computes is exact, and
/// arithmetic that would overflow 64 bits is refused rather than wrapped.
public struct Money: Hashable, Sendable {
  public var minorUnits: Int64
  public var currency: Currency

  public init(minorUnits: Int64, currency: Currency) {
    self.minorUnits = minorUnits
    self.currency = currency
  }
}
