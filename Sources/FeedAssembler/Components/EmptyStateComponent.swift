import FeedComponents

/// What the accounts section shows when the owner has no account to show, with an optional button
/// (its action is attached with `.onButton`).
public struct EmptyStateComponent: Component {
  public typealias Content = EmptyStateView

  public let id: String
  public let message: String
  public let buttonTitle: String?

  public init(id: String, message: String, buttonTitle: String? = nil) {
    self.id = id
    self.message = message
    self.buttonTitle = buttonTitle
  }

  public func render(context: RenderContext, content: EmptyStateView) {
    content.message = message
    content.buttonTitle = buttonTitle
  }

  /// For a client without empty states: the message as a line of text.
  public var fallback: AnyComponent? {
    AnyComponent(TextRowComponent(id: id, text: message))
  }
}
