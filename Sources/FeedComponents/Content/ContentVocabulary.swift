/// The content types a phone knows: the design system shared by server and client.
///
/// A node whose type is not listed here is opaque to this version: it is kept, encoded and diffed,
/// and drawn on a terminal as a visible placeholder.
public enum ContentVocabulary {
  /// Every known content type.
  public static var contentTypes: [any ContentView.Type] {
    [
      TitleView.self, AccountRowView.self, NoticeView.self, SummaryRowView.self,
      EmptyStateView.self, ToggleRowView.self, TextRowView.self,
    ]
  }

  /// The content type whose node type is `name`, if this version knows it.
  public static func contentType(named name: String) -> (any ContentView.Type)? {
    contentTypes.first { $0.nodeType == name }
  }
}
