/// How much a diff changes, counted the way a person reads the text plan: one per `+`, `~`,
/// `-` or move mark, for sections and elements alike.
///
/// Elements of an inserted section count as added and elements of a deleted section as removed,
/// because the plan lists them. An element that is both updated and moved counts once as a
/// change and once as a move.
public struct ChangeSummary: Hashable, Sendable, CustomStringConvertible {
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

  /// Whether the two feeds are the same.
  public var isEmpty: Bool { added == 0 && changed == 0 && removed == 0 && moved == 0 }

  /// The plan's closing line, e.g. `2 to add, 1 to change, 0 to remove, 1 to move.`
  public var description: String {
    "\(added) to add, \(changed) to change, \(removed) to remove, \(moved) to move."
  }
}
