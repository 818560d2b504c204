/// The actions a content view carries: at most one for each trigger, set by the component's
/// modifiers (`content.actions[.touch] = action`).
///
/// One slot per trigger rather than a dictionary: every item of every feed is drawn with its
/// actions cleared and set again, and a dictionary allocated storage and hashed its key for
/// each item, then had its names put in order to be written. The slots are read in the order
/// the names sort in canonical JSON — `button`, `dismiss`, `toggle`, `touch` (`triggers`) — so
/// writing them sorts nothing.
public struct ContentActions: Hashable, Sendable, ExpressibleByDictionaryLiteral {
  private var button: Action?
  private var dismiss: Action?
  private var toggle: Action?
  private var touch: Action?

  public init() {}

  public init(dictionaryLiteral elements: (ActionTrigger, Action)...) {
    for (trigger, action) in elements { self[trigger] = action }
  }

  /// The actions of a dictionary keyed by trigger.
  public init(_ actions: [ActionTrigger: Action]) {
    for (trigger, action) in actions { self[trigger] = action }
  }

  public subscript(trigger: ActionTrigger) -> Action? {
    get {
      switch trigger {
      case .button: button
      case .dismiss: dismiss
      case .toggle: toggle
      case .touch: touch
      }
    }
    set {
      switch trigger {
      case .button: button = newValue
      case .dismiss: dismiss = newValue
      case .toggle: toggle = newValue
      case .touch: touch = newValue
      }
    }
  }

  /// Every trigger, in the order their names sort, which is the order a node writes its
  /// actions in.
  public static let triggers: [ActionTrigger] = [.button, .dismiss, .toggle, .touch]

  public var isEmpty: Bool {
    button == nil && dismiss == nil && toggle == nil && touch == nil
  }
}
