import FeedVocabulary

extension NoticeSeverity {
  /// The marker that stands for the icon on a terminal.
  public var marker: String {
    switch self {
    case .info: return "[i]"
    case .warning: return "[!]"
    case .critical: return "[!!]"
    }
  }
}
