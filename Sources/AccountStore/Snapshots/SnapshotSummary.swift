/// What changed at a snapshot against the previous snapshot of the same screen, kept with it so
/// history is listed without rebuilding a single document.
public struct SnapshotSummary: Hashable, Sendable {
  public var added: Int
  public var changed: Int
  public var removed: Int
  public var moved: Int

  public init(added: Int = 0, changed: Int = 0, removed: Int = 0, moved: Int = 0) {
    self.added = added
    self.changed = changed
    self.removed = removed
    self.moved = moved
  }
}
