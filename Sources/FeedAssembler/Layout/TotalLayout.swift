/// How the total section looks: one summary row per currency of the shown accounts.
public struct TotalLayout: Hashable, Sendable {
  /// The placeholders a total's label may use.
  public static let labelPlaceholders = ["currency"]

  /// A header above the totals; nil for none.
  public var title: String?
  /// The row's label; `{currency}` is replaced by the currency code.
  public var label: Template
  /// What a total reads when the sum does not fit in 64 bits of minor units.
  public var overflowValue: String

  public init(title: String? = nil, label: Template, overflowValue: String) {
    self.title = title
    self.label = label
    self.overflowValue = overflowValue
  }
}
