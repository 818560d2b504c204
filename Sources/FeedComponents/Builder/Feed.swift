/// A whole feed before rendering: whose it is, its revision, and its sections.
///
/// ```swift
/// let document = try Feed(owner: "42", revision: 7) {
///   Section(id: "accounts") {
///     For(of: accounts) { AccountRowComponent(account: $0).onTouch(.openURL(…)) }
///   }
/// }.render()
/// ```
public struct Feed {
  public let owner: String
  public let revision: Int
  public let sections: [Section]

  public init(owner: String, revision: Int, @FeedBuilder sections: () -> [Section]) {
    self.init(owner: owner, revision: revision, sections: sections())
  }

  public init(owner: String, revision: Int, sections: [Section]) {
    self.owner = owner
    self.revision = revision
    self.sections = sections
  }

  /// Renders every component into its node and assembles the document, which checks the ids.
  public func render(
    environment: RenderEnvironment = RenderEnvironment()
  ) throws(FeedDocumentError) -> FeedDocument {
    try FeedDocument(
      owner: owner,
      revision: revision,
      sections: sections.enumerated().map { index, section in
        section.render(at: index, environment: environment)
      })
  }
}
