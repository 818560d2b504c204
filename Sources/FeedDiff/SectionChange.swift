/// A section inserted, deleted or updated, named by its identifier and its index.
///
/// Whether `index` is a pre-stage or a post-stage index depends on the list the change is in;
/// see `Changeset`.
public struct SectionChange<ID: Hashable>: Hashable {
  public var id: ID
  public var index: Int

  public init(id: ID, index: Int) {
    self.id = id
    self.index = index
  }
}

extension SectionChange: Sendable where ID: Sendable {}
