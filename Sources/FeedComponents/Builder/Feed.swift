/// A whole feed before rendering: whose it is and its sections.
///
/// ```swift
/// let document = try Feed(owner: "42") {
///   Section(id: "accounts") {
///     For(of: accounts) { AccountRowComponent(account: $0).onTouch(.openURL(…)) }
///   }
/// }.render()
/// ```
public struct Feed {
  public let owner: String
  public let sections: [Section]

  public init(owner: String, @FeedBuilder sections: () -> [Section]) {
    self.init(owner: owner, sections: sections())
  }

  public init(owner: String, sections: [Section]) {
    self.owner = owner
    self.sections = sections
  }

  /// Renders every component into its node and assembles the document, which checks the ids.
  public func render(
    environment: RenderEnvironment = RenderEnvironment()
  ) throws(FeedDocumentError) -> FeedDocument {
    try FeedDocument(
      owner: owner,
      sections: sections.enumerated().map { index, section in
        section.render(at: index, environment: environment)
      })
  }
}
