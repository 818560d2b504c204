/// How the notices section looks: which notices it lists.
public struct NoticesLayout: Hashable, Sendable {
  /// A header above the notices; nil for none.
  public var title: String?
  /// List notices the owner has already dismissed (without a dismiss action, since they are).
  public var showDismissed: Bool
  /// List notices outside their `active_from`/`active_until` window.
  public var showInactive: Bool

  public init(title: String? = nil, showDismissed: Bool = false, showInactive: Bool = false) {
    self.title = title
    self.showDismissed = showDismissed
    self.showInactive = showInactive
  }
}
