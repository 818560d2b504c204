import AccountModel
import FeedComponents

/// One account on the screen: its name, its balance written for its currency, and an optional
/// second line (the kind's title, the hidden marker, or both, as the layout says).
///
/// The id comes from the account's key, `account/<id>`, so an account keeps its identity when it is
/// renamed, moved or its balance changes, and the diff sees an update rather than a new row.
public struct AccountRowComponent: Component {
  public typealias Content = AccountRowView

  public let account: Account
  public let subtitle: String?
  public let formatter: MoneyFormatter

  public init(
    account: Account, subtitle: String? = nil, formatter: MoneyFormatter = MoneyFormatter()
  ) {
    self.account = account
    self.subtitle = subtitle
    self.formatter = formatter
  }

  public var id: String { "account/\(account.id)" }

  public func render(context: RenderContext, content: AccountRowView) {
    content.title = account.name
    content.subtitle = subtitle
    content.value = formatter.string(for: account.balance)
  }

  /// Rows have one height on the phone; a subtitle fits inside it.
  public func size(in proposal: SizeProposal) -> ComponentSize {
    .fixed(height: 64)
  }

  /// For a client without account rows: the name and the balance on one line.
  public var fallback: AnyComponent? {
    AnyComponent(
      TextRowComponent(id: id, text: "\(account.name) \(formatter.string(for: account.balance))"))
  }
}
