/// The latest feed of a large screen as the store keeps it between writes (`SQL/008`): the
/// document's own fields and its sections, each section's items as rows the store updates in
/// place. A `SnapshotPatcher` reads it to draw only what a write changed.
public struct FeedHead: Hashable, Sendable {
  /// The document's own fields, everything but its sections and digest, as JSON text.
  public var top: String
  /// The sections in screen order, without their items.
  public var sections: [HeadSection]

  public init(top: String, sections: [HeadSection]) {
    self.top = top
    self.sections = sections
  }
}
