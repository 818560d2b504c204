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
  /// With capabilities in the environment, the document holds only types the client draws and
  /// records the set (`FeedDocument.capabilities`).
  public func render(
    environment: RenderEnvironment = RenderEnvironment()
  ) throws(FeedDocumentError) -> FeedDocument {
    var fields: [String: JSONValue] = [:]
    fields[FeedDocument.capabilitiesField] = environment.capabilities?.json
    let shown = sections.filter { $0.hasContent(for: environment.capabilities) }
    return try FeedDocument(
      owner: owner,
      sections: shown.enumerated().map { index, section in
        section.render(at: index, environment: environment)
      },
      additionalFields: fields)
  }
}
