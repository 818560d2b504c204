import FeedDiff

/// A Heckel-style linear diff, written for this benchmark as the yardstick FeedDiff is timed
/// against on one-section feeds. It is our own code, not DifferenceKit's, but follows the same
/// algorithm DifferenceKit uses (Paul Heckel, 1978): a dictionary of old identifiers, one pass
/// over the new list to pair elements, one pass to find deletes, and one to find inserts, updates
/// and moves, which are reported whenever a paired element is not the next old element still in
/// place. Like DifferenceKit's linear staged changeset it then builds up to three stages (updates,
/// deletes, inserts and moves), each with the list as it stands afterwards.
///
/// It reports only indices and handles a repeated identifier by pairing its first occurrence; it
/// exists to be timed, not to be used.
enum HeckelBaseline {
  struct Stage<Element> {
    var data: [Element]
    var deleted: [Int] = []
    var inserted: [Int] = []
    var updated: [Int] = []
    var moved: [(source: Int, target: Int)] = []
  }

  static func stages<Element: Differentiable>(source: [Element], target: [Element])
    -> [Stage<Element>]
  {
    var table: [Element.DifferenceIdentifier: Int] = [:]
    table.reserveCapacity(source.count)
    for (i, element) in source.enumerated() where table[element.differenceIdentifier] == nil {
      table[element.differenceIdentifier] = i
    }
    var sourcePartner = [Int](repeating: -1, count: source.count)
    var targetPartner = [Int](repeating: -1, count: target.count)
    for (j, element) in target.enumerated() {
      if let i = table[element.differenceIdentifier], sourcePartner[i] < 0 {
        sourcePartner[i] = j
        targetPartner[j] = i
      }
    }

    var deleted: [Int] = []
    var deleteOffset = [Int](repeating: 0, count: source.count)
    var tracked = [Bool](repeating: false, count: source.count)
    for i in source.indices {
      deleteOffset[i] = deleted.count
      if sourcePartner[i] < 0 {
        deleted.append(i)
        tracked[i] = true
      }
    }
    var inserted: [Int] = []
    var updated: [Int] = []
    var moved: [(source: Int, target: Int)] = []
    var untracked = 0
    for j in target.indices {
      while untracked < source.count && tracked[untracked] { untracked += 1 }
      let i = targetPartner[j]
      guard i >= 0 else {
        inserted.append(j)
        continue
      }
      tracked[i] = true
      if !target[j].isContentEqual(to: source[i]) { updated.append(i) }
      if i != untracked { moved.append((i - deleteOffset[i], j)) }
    }

    var stages: [Stage<Element>] = []
    var current = source
    if !updated.isEmpty {
      for i in updated { current[i] = target[sourcePartner[i]] }
      stages.append(Stage(data: current, updated: updated))
    }
    if !deleted.isEmpty {
      current = source.indices.filter { sourcePartner[$0] >= 0 }.map { current[$0] }
      stages.append(Stage(data: current, deleted: deleted))
    }
    if !inserted.isEmpty || !moved.isEmpty {
      stages.append(Stage(data: target, inserted: inserted, moved: moved))
    }
    return stages
  }
}
