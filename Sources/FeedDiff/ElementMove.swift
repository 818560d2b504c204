/// An element that moves, within its section or to another one.
///
/// `source` is the pre-stage path, `target` the post-stage path. A move between sections is
/// one move, never a delete and an insert.
public struct ElementMove<SectionID: Hashable, ID: Hashable>: Hashable {
  public var id: ID
  public var sourceSectionID: SectionID
  public var source: ElementPath
  public var targetSectionID: SectionID
  public var target: ElementPath

  public init(
    id: ID, sourceSectionID: SectionID, source: ElementPath, targetSectionID: SectionID,
    target: ElementPath
  ) {
    self.id = id
    self.sourceSectionID = sourceSectionID
    self.source = source
    self.targetSectionID = targetSectionID
    self.target = target
  }
}

extension ElementMove: Sendable where SectionID: Sendable, ID: Sendable {}
