/// A component that renders the component it wraps and then attaches an action to one gesture,
/// the seed's `OnTouchModifier` generalised over the four capabilities.
///
/// It is itself a `Component`, so a modified component goes wherever the plain one goes. It is made
/// only by `.onTouch`, `.onButton`, `.onToggle` and `.onDismiss`, each offered only where the content
/// has the matching capability; that is why its initializer is not public.
public struct ActionModifier<Wrapped: Component>: Component {
  public typealias Content = Wrapped.Content

  public let wrapped: Wrapped
  public let trigger: ActionTrigger
  public let action: Action

  init(wrapped: Wrapped, trigger: ActionTrigger, action: Action) {
    self.wrapped = wrapped
    self.trigger = trigger
    self.action = action
  }

  public var id: String { wrapped.id }

  public func createContent() -> Content {
    wrapped.createContent()
  }

  public func render(context: RenderContext, content: Content) {
    wrapped.render(context: context, content: content)
    content.actions[trigger] = action
  }

  public func size(in proposal: SizeProposal) -> ComponentSize {
    wrapped.size(in: proposal)
  }

  /// The wrapped component's fallback; the action stays with the type that has the capability.
  public var fallback: AnyComponent? {
    wrapped.fallback
  }
}

/// The seed's name for a touch modifier.
public typealias OnTouchModifier<Wrapped: Component> = ActionModifier<Wrapped>
where Wrapped.Content: Touchable

extension Component where Content: Touchable {
  /// What happens when the whole item is tapped.
  public func onTouch(_ action: Action) -> ActionModifier<Self> {
    ActionModifier(wrapped: self, trigger: .touch, action: action)
  }
}

extension Component where Content: ContainsButton {
  /// What happens when the item's button is pressed.
  public func onButton(_ action: Action) -> ActionModifier<Self> {
    ActionModifier(wrapped: self, trigger: .button, action: action)
  }
}

extension Component where Content: ContainsSwitch {
  /// What happens when the item's switch is flipped; the phone sends the new state with it.
  public func onToggle(_ action: Action) -> ActionModifier<Self> {
    ActionModifier(wrapped: self, trigger: .toggle, action: action)
  }
}

extension Component where Content: Dismissible {
  /// What happens when the item is closed.
  public func onDismiss(_ action: Action) -> ActionModifier<Self> {
    ActionModifier(wrapped: self, trigger: .dismiss, action: action)
  }
}
