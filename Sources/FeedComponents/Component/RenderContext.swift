/// Where a component stands while it renders, and the environment it renders for.
public struct RenderContext: Hashable, Sendable {
  /// The id of the section the component is in.
  public var sectionID: String
  /// The component's position: the section's index and the item's index inside it.
  public var indexPath: IndexPath
  public var environment: RenderEnvironment

  public init(sectionID: String, indexPath: IndexPath, environment: RenderEnvironment) {
    self.sectionID = sectionID
    self.indexPath = indexPath
    self.environment = environment
  }

  /// The size proposal that follows from the environment's width.
  public var proposal: SizeProposal {
    SizeProposal(width: environment.width)
  }
}

/// A section index and an item index, as a collection view addresses its cells.
public struct IndexPath: Hashable, Sendable, CustomStringConvertible {
  public var section: Int
  public var item: Int

  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  public var description: String { "[\(section), \(item)]" }
}

/// The reader a feed is rendered for.
public struct RenderEnvironment: Hashable, Sendable {
  /// A BCP 47 language tag such as `ko-KR`, for components that format text.
  public var locale: String
  /// The width in points the phone offers each item.
  public var width: Int
  /// What the client draws; nil renders every component as it is (`ClientCapabilities.all` and
  /// more), and the document records no capability set.
  public var capabilities: ClientCapabilities?

  public init(locale: String = "ko-KR", width: Int = 375, capabilities: ClientCapabilities? = nil) {
    self.locale = locale
    self.width = width
    self.capabilities = capabilities
  }
}
