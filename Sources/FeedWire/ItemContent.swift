import FeedComponents
import FeedDiff

/// An item a stage inserts or updates: where, in which section, and the whole node to draw.
public struct ItemContent: Hashable, Sendable {
  /// The id of the section at `path.section`, so a client can check it is where it thinks.
  public var sectionID: String
  /// Post-stage for an insert, pre-stage for an update.
  public var path: ElementPath
  public var node: ItemNode

  public init(sectionID: String, path: ElementPath, node: ItemNode) {
    self.sectionID = sectionID
    self.path = path
    self.node = node
  }

  public var id: String { node.id }
}
