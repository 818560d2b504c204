import AccountModel
import FeedComponents

/// A settings row with a switch that shows or hides one account on the home screen: the account's
/// name, on while the account is shown. Flipping it sends `VisibilityAction` with the new state.
///
/// Its id is `visibility/<account id>`, from the account's key, so the row keeps its identity when
/// the switch flips and the diff sees one update.
public struct VisibilityToggleComponent: Component {
  public typealias Content = ToggleRowView

  public let account: Account
  /// The fallback's word for a shown account ("표시").
  public let shownText: String
  /// The fallback's word for a hidden account ("숨김").
  public let hiddenText: String

  public init(account: Account, shownText: String, hiddenText: String) {
    self.account = account
    self.shownText = shownText
    self.hiddenText = hiddenText
  }

  public var id: String { "visibility/\(account.id)" }

  public func render(context: RenderContext, content: ToggleRowView) {
    content.title = account.name
    content.isOn = !account.hidden
  }

  /// For a client without switches: the name and the state in words, so the screen still says
  /// which accounts are shown, though it cannot change them.
  public var fallback: AnyComponent? {
    AnyComponent(
      TextRowComponent(
        id: id, text: "\(account.name) · \(account.hidden ? hiddenText : shownText)"))
  }
}
