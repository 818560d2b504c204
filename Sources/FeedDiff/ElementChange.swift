/// An element inserted, deleted or updated: its identifier, its section's identifier and its
/// path.
///
/// The identifiers let a client or a person follow the change without resolving indices;
/// whether `path` is pre-stage or post-stage depends on the list the change is in (see
/// `Changeset`).
public struct ElementChange<SectionID: Hashable, ID: Hashable>: Hashable {
  public var id: ID
  public var sectionID: SectionID
  public var path: ElementPath

  public init(id: ID, sectionID: SectionID, path: ElementPath) {
    self.id = id
    self.sectionID = sectionID
    self.path = path
  }
}

extension ElementChange: Sendable where SectionID: Sendable, ID: Sendable {}
