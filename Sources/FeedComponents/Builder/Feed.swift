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
  public private(set) var sections: [Section]

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
  ///
  /// It consumes the feed: handed a feed no one else holds (`(consume feed).render()`), each
  /// component goes as soon as it has drawn its node, so a long feed's components and its
  /// document are never held whole at once.
  public consuming func render(
    environment: RenderEnvironment = RenderEnvironment()
  ) throws(FeedDocumentError) -> FeedDocument {
    var fields: [String: JSONValue] = [:]
    fields[FeedDocument.capabilitiesField] = environment.capabilities?.json
    var shown: [Section] = []
    swap(&shown, &sections)
    shown.removeAll { !$0.hasContent(for: environment.capabilities) }
    var nodes: [SectionNode] = []
    nodes.reserveCapacity(shown.count)
    shown.reverse()
    while let section = shown.popLast() {
      nodes.append((consume section).render(at: nodes.count, environment: environment))
    }
    return try FeedDocument(owner: owner, sections: nodes, additionalFields: fields)
  }
}
