/// The gesture an action answers to; the key under which it is stored in a node's `actions`.
///
/// Each trigger belongs to one capability: `touch` to `Touchable`, `button` to `ContainsButton`,
/// `toggle` to `ContainsSwitch`, `dismiss` to `Dismissible`.
public enum ActionTrigger: String, CaseIterable, Hashable, Sendable {
  case touch
  case button
  case toggle
  case dismiss
}
