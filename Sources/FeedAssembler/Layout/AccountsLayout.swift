/// How the accounts are shown: in one list or one section per kind, with which second line, which
/// of them, what a touch opens, and what shows when there are none.
public struct AccountsLayout: Hashable, Sendable {
  /// One list, or one section per account kind.
  public enum Arrangement: String, Hashable, Sendable, CaseIterable {
    /// One section `accounts` in the owner's order.
    case flat
    /// One section `accounts/<kind>` per kind, in the order each kind first appears in the
    /// owner's order, headed by the kind's title.
    case grouped
  }

  /// What the second line of an account row says.
  public enum Subtitle: String, Hashable, Sendable, CaseIterable {
    /// No second line (the hidden marker still shows on hidden accounts).
    case none
    /// The title of the account's kind.
    case kind
  }

  /// The placeholders a touch URL may use.
  public static let touchPlaceholders = ["id", "kind", "owner"]
  /// The placeholders the default kind title may use.
  public static let kindTitlePlaceholders = ["kind"]
  /// The placeholders the empty state's button URL may use.
  public static let emptyStatePlaceholders = ["owner"]

  /// A header above the list (flat only; grouped sections are headed by their kind's title).
  public var title: String?
  public var arrangement: Arrangement
  public var subtitle: Subtitle
  /// Titles of the kinds people should read, such as `checking` → `입출금`.
  public var kindTitles: [String: String]
  /// The title of a kind missing from `kindTitles`; `{kind}` is replaced by the kind itself.
  public var defaultKindTitle: Template
  /// Whether hidden accounts are listed at all.
  public var showHidden: Bool
  /// Added to a listed hidden account's second line; nil lists it unmarked.
  public var hiddenMarker: String?
  /// What touching an account opens; nil makes rows not touchable.
  public var touchURL: Template?
  public var emptyState: EmptyStateLayout

  public init(
    title: String? = nil,
    arrangement: Arrangement = .flat,
    subtitle: Subtitle = .kind,
    kindTitles: [String: String] = [:],
    defaultKindTitle: Template,
    showHidden: Bool = false,
    hiddenMarker: String? = nil,
    touchURL: Template? = nil,
    emptyState: EmptyStateLayout
  ) {
    self.title = title
    self.arrangement = arrangement
    self.subtitle = subtitle
    self.kindTitles = kindTitles
    self.defaultKindTitle = defaultKindTitle
    self.showHidden = showHidden
    self.hiddenMarker = hiddenMarker
    self.touchURL = touchURL
    self.emptyState = emptyState
  }

  /// The title people read for `kind`.
  public func title(ofKind kind: String) -> String {
    kindTitles[kind] ?? defaultKindTitle.filled(["kind": kind])
  }
}

/// The message (and optional button) shown instead of accounts when there are none to show.
public struct EmptyStateLayout: Hashable, Sendable {
  public var message: String
  public var button: Button?

  /// A call to action under the message, such as "계좌 개설하기", and the URL it opens.
  public struct Button: Hashable, Sendable {
    public var title: String
    public var url: Template

    public init(title: String, url: Template) {
      self.title = title
      self.url = url
    }
  }

  public init(message: String, button: Button? = nil) {
    self.message = message
    self.button = button
  }
}
