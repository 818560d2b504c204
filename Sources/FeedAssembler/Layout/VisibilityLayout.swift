/// The settings screen's list of switches, one per account, hidden ones included: on while the
/// account is shown on the home screen. Section `visibility`, items `visibility/<id>`.
public struct VisibilityLayout: Hashable, Sendable {
  /// A header above the switches (item `title/visibility`); nil for none.
  public var title: String?
  /// How a client without switches reads a shown account: "토스뱅크 통장 · 표시".
  public var shownText: String
  /// How it reads a hidden one: "비상금 · 숨김".
  public var hiddenText: String

  public init(title: String? = nil, shownText: String = "표시", hiddenText: String = "숨김") {
    self.title = title
    self.shownText = shownText
    self.hiddenText = hiddenText
  }
}
