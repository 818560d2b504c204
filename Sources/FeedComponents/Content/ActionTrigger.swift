/// The gesture an action answers to; the key under which it is stored in a node's `actions`.
///
/// Each trigger belongs to one capability: `touch` to `Touchable`, `button` to `ContainsButton`,
/// `toggle` to `ContainsSwitch`, `dismiss` to `Dismissible`.
public enum ActionTrigger: String, CaseIterable, Hashable, Sendable {
  case touch
  case button
  case toggle
  case dismiss

  /// Hashes the case, not its name: a node's actions are keyed by trigger, and hashing the raw
  /// value (what a `String` enum would otherwise do) hashed a string for every item drawn.
  public func hash(into hasher: inout Hasher) {
    let ordinal: UInt8
    switch self {
    case .touch: ordinal = 0
    case .button: ordinal = 1
    case .toggle: ordinal = 2
    case .dismiss: ordinal = 3
    }
    hasher.combine(ordinal)
  }
}
