import FeedComponents
import FeedDiff

/// One stage of a `feeddiff.changeset/2`: one batch update, with the content of everything it
/// inserts or updates.
///
/// Indices follow `FeedDiff.Changeset`: deletes, updates and move sources are pre-stage; inserts
/// and move targets are post-stage. Unlike `Changeset` it carries no `data`: a client holding the
/// feed before the stage computes the feed after it from these lists alone.
public struct WireStage: Hashable, Sendable {
  public var sectionDeleted: [SectionChange<String>]
  public var sectionInserted: [SectionContent]
  /// New shells (header, footer, newer fields) of sections that stay; they keep their items.
  public var sectionUpdated: [SectionContent]
  public var sectionMoved: [SectionMove<String>]
  public var itemDeleted: [ElementChange<String, String>]
  public var itemInserted: [ItemContent]
  public var itemUpdated: [ItemContent]
  public var itemMoved: [ElementMove<String, String>]

  public init(
    sectionDeleted: [SectionChange<String>] = [],
    sectionInserted: [SectionContent] = [],
    sectionUpdated: [SectionContent] = [],
    sectionMoved: [SectionMove<String>] = [],
    itemDeleted: [ElementChange<String, String>] = [],
    itemInserted: [ItemContent] = [],
    itemUpdated: [ItemContent] = [],
    itemMoved: [ElementMove<String, String>] = []
  ) {
    self.sectionDeleted = sectionDeleted
    self.sectionInserted = sectionInserted
    self.sectionUpdated = sectionUpdated
    self.sectionMoved = sectionMoved
    self.itemDeleted = itemDeleted
    self.itemInserted = itemInserted
    self.itemUpdated = itemUpdated
    self.itemMoved = itemMoved
  }

  /// The stage of `changeset` with its content: inserted items and sections as they arrive (taken
  /// from the stage's data), updated items and section shells as the target holds them.
  init(
    _ stage: Changeset<DiffSection>, targetItems: [String: ItemNode],
    targetSections: [String: SectionNode]
  ) {
    func shell(_ id: String) -> SectionNode {
      let node = targetSections[id]!
      return SectionNode(
        id: id, header: node.header, footer: node.footer, items: [],
        additionalFields: node.additionalFields)
    }
    self.init(
      sectionDeleted: stage.sectionDeleted,
      sectionInserted: stage.sectionInserted.map {
        SectionContent(index: $0.index, node: stage.data[$0.index].current)
      },
      sectionUpdated: stage.sectionUpdated.map {
        SectionContent(index: $0.index, node: shell($0.id))
      },
      sectionMoved: stage.sectionMoved,
      itemDeleted: stage.elementDeleted,
      itemInserted: stage.elementInserted.map {
        ItemContent(
          sectionID: $0.sectionID, path: $0.path,
          node: stage.data[$0.path.section].elements[$0.path.element].node)
      },
      itemUpdated: stage.elementUpdated.map {
        ItemContent(sectionID: $0.sectionID, path: $0.path, node: targetItems[$0.id]!)
      },
      itemMoved: stage.elementMoved)
  }
}
