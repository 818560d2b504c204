import AccountStore

/// Money for people in command output.
enum MoneyText {
  static func format(_ money: Money) -> String {
    "\(money.minorUnits) \(money.currency.code)"
  }
}
