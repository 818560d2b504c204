import FeedComponents

/// A section a stage inserts or updates, with what the client needs to draw it.
///
/// For an insert, `node` is the whole section as it arrives — header, footer and the items that
/// arrive with it (items that move into it come in a later stage). For an update, `node` is the
/// new shell: header, footer and newer fields, with no items, since the section keeps its own.
public struct SectionContent: Hashable, Sendable {
  /// The section's index: post-stage for an insert, pre-stage for an update.
  public var index: Int
  public var node: SectionNode

  public init(index: Int, node: SectionNode) {
    self.index = index
    self.node = node
  }

  public var id: String { node.id }
}
