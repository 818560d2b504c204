import AccountModel
import FeedComponents

/// The sum of the shown accounts in one currency, as a summary row: "합계  186,848원".
///
/// A feed with accounts in several currencies gets one of these per currency (`total/KRW`,
/// `total/USD`), because adding amounts of different currencies means nothing. A sum that does not
/// fit in 64 bits is shown as the layout's overflow text, never as a wrapped or rounded number.
public struct TotalComponent: Component {
  public typealias Content = SummaryRowView

  public let total: CurrencyTotal
  /// The row's label, already filled in for this currency.
  public let label: String
  /// What the value reads when the sum is out of range.
  public let overflowValue: String
  public let formatter: MoneyFormatter

  public init(
    total: CurrencyTotal, label: String, overflowValue: String,
    formatter: MoneyFormatter = MoneyFormatter()
  ) {
    self.total = total
    self.label = label
    self.overflowValue = overflowValue
    self.formatter = formatter
  }

  public var id: String { "total/\(total.currency.code)" }

  public func render(context: RenderContext, content: SummaryRowView) {
    content.label = label
    content.value = value
  }

  /// For a client without summary rows: label and value on one line.
  public var fallback: AnyComponent? {
    AnyComponent(TextRowComponent(id: id, text: "\(label) \(value)"))
  }

  private var value: String {
    guard let minorUnits = total.minorUnits else { return overflowValue }
    return formatter.string(minorUnits: minorUnits, currency: total.currency)
  }
}
