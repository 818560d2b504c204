/// One stage of a staged changeset: changes a client applies as one batch update, and the feed
/// as it stands afterwards.
///
/// Index rules, the same as a collection view's batch update:
/// - `sectionDeleted`, `sectionUpdated`, `elementDeleted`, `elementUpdated` and the `source` of
///   moves are indices *before* the stage;
/// - `sectionInserted`, `elementInserted` and the `target` of moves are indices *after* it.
///
/// Updates are reloads: UIKit performs one as a delete at the old index plus an insert at an
/// index computed from the stage's deletes and inserts alone, so the diff never puts an update
/// in a stage where moves or changes inside the reloaded section would shift it.
///
/// Every change also names its identifiers, so a reader never has to resolve an index.
public struct Changeset<Section: DifferentiableSection> {
  public typealias SectionID = Section.DifferenceIdentifier
  public typealias ElementID = Section.Element.DifferenceIdentifier

  /// The feed after this stage: what the client shows once the batch update is done.
  public var data: [Section]
  public var sectionDeleted: [SectionChange<SectionID>]
  public var sectionInserted: [SectionChange<SectionID>]
  /// Sections whose own content (header) changed; refresh them in place.
  public var sectionUpdated: [SectionChange<SectionID>]
  public var sectionMoved: [SectionMove<SectionID>]
  public var elementDeleted: [ElementChange<SectionID, ElementID>]
  public var elementInserted: [ElementChange<SectionID, ElementID>]
  public var elementUpdated: [ElementChange<SectionID, ElementID>]
  public var elementMoved: [ElementMove<SectionID, ElementID>]

  public init(
    data: [Section],
    sectionDeleted: [SectionChange<SectionID>] = [],
    sectionInserted: [SectionChange<SectionID>] = [],
    sectionUpdated: [SectionChange<SectionID>] = [],
    sectionMoved: [SectionMove<SectionID>] = [],
    elementDeleted: [ElementChange<SectionID, ElementID>] = [],
    elementInserted: [ElementChange<SectionID, ElementID>] = [],
    elementUpdated: [ElementChange<SectionID, ElementID>] = [],
    elementMoved: [ElementMove<SectionID, ElementID>] = []
  ) {
    self.data = data
    self.sectionDeleted = sectionDeleted
    self.sectionInserted = sectionInserted
    self.sectionUpdated = sectionUpdated
    self.sectionMoved = sectionMoved
    self.elementDeleted = elementDeleted
    self.elementInserted = elementInserted
    self.elementUpdated = elementUpdated
    self.elementMoved = elementMoved
  }
}

extension Changeset: Sendable where Section: Sendable, SectionID: Sendable, ElementID: Sendable {}
