/// One entry of the layout's `sections`: which kind of section, with its own settings.
public enum SectionLayout: Hashable, Sendable {
  case notices(NoticesLayout)
  case total(TotalLayout)
  case accounts(AccountsLayout)
  case visibility(VisibilityLayout)

  /// The `kind` names a layout file uses, in the order error messages list them.
  public static let kindNames = ["notices", "total", "accounts", "visibility"]

  public var kindName: String {
    switch self {
    case .notices: "notices"
    case .total: "total"
    case .accounts: "accounts"
    case .visibility: "visibility"
    }
  }
}
