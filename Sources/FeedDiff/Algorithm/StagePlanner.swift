/// Turns a `Matching` into stages that each obey the batch-update rules of `Changeset`.
///
/// The full sequence is: updates (in the old layout), deletes, section inserts and moves, then
/// element inserts and moves. Stages merge where the rules allow it: without section inserts or
/// moves, deletes, inserts and moves share one stage; updates join the following stage unless an
/// updated element moves in it. Moves come from a longest increasing subsequence per section,
/// so an element is moved only when it is out of order relative to the elements that stay.
@usableFromInline
enum StagePlanner {
  @usableFromInline
  static func plan(_ m: Matching) -> (stages: [StagePlan], summary: ChangeSummary) {
    var summary = ChangeSummary()
    let oldSectionCount = m.oldSectionPartner.count
    let newSectionCount = m.newSectionPartner.count

    // Sections: deleted, inserted, updated, and moved when off the order-keeping subsequence.
    var survivingRank = [Int](repeating: -1, count: oldSectionCount)
    var survivors = 0
    var sectionDeleted: [StagePlan.Section] = []
    for s in 0..<oldSectionCount {
      if m.oldSectionPartner[s] >= 0 {
        survivingRank[s] = survivors
        survivors += 1
      } else {
        sectionDeleted.append(.init(index: s, ref: ~s))
        summary.removed += 1 + m.oldStart[s + 1] - m.oldStart[s]
      }
    }
    var sectionInserted: [StagePlan.Section] = []
    var sectionUpdated: [StagePlan.Section] = []
    var sectionKeys: [Int] = []
    var keyedSections: [Int] = []
    for t in 0..<newSectionCount {
      let s = m.newSectionPartner[t]
      guard s >= 0 else {
        sectionInserted.append(.init(index: t, ref: t))
        summary.added += 1 + m.newStart[t + 1] - m.newStart[t]
        continue
      }
      if m.sectionChanged[t] { sectionUpdated.append(.init(index: s, ref: t)) }
      sectionKeys.append(survivingRank[s])
      keyedSections.append(t)
    }
    let sectionsInOrder = longestIncreasingSubsequence(sectionKeys)
    var sectionMoved: [StagePlan.SectionMove] = []
    for (i, t) in keyedSections.enumerated() where !sectionsInOrder[i] {
      sectionMoved.append(.init(source: sectionKeys[i], target: t, ref: t))
    }
    let sectionsRearranged = !sectionInserted.isEmpty || !sectionMoved.isEmpty

    // Elements of surviving sections: deletes, and each kept element's index once deletes are done.
    var pairedRank = [Int](repeating: -1, count: m.oldPartner.count)
    var elementDeleted: [StagePlan.Element] = []
    for s in 0..<oldSectionCount where m.oldSectionPartner[s] >= 0 {
      var rank = 0
      for k in m.oldStart[s]..<m.oldStart[s + 1] {
        if m.oldPartner[k] >= 0 {
          pairedRank[k] = rank
          rank += 1
        } else {
          let path = ElementPath(section: s, element: k - m.oldStart[s])
          elementDeleted.append(.init(path: path, section: m.oldSectionPartner[s], ref: ~k))
        }
      }
    }

    // Elements of surviving sections, in new order: inserts, updates and moves.
    var elementInserted: [StagePlan.Element] = []
    var elementUpdated: [StagePlan.Element] = []
    var elementMoved: [StagePlan.ElementMove] = []
    var updatedElementMoves = false
    var keys: [Int] = []
    for t in 0..<newSectionCount where m.newSectionPartner[t] >= 0 {
      let s = m.newSectionPartner[t]
      let range = m.newStart[t]..<m.newStart[t + 1]
      keys.removeAll(keepingCapacity: true)
      for n in range where m.newPartner[n] >= 0 && m.oldSectionOf[m.newPartner[n]] == s {
        keys.append(pairedRank[m.newPartner[n]])
      }
      let inOrder = longestIncreasingSubsequence(keys)
      var keyIndex = 0
      for n in range {
        let target = ElementPath(section: t, element: n - m.newStart[t])
        let k = m.newPartner[n]
        guard k >= 0 else {
          elementInserted.append(.init(path: target, section: t, ref: n))
          continue
        }
        let from = m.oldSectionOf[k]
        let oldPath = ElementPath(section: from, element: k - m.oldStart[from])
        if m.elementChanged[n] {
          elementUpdated.append(.init(path: oldPath, section: m.oldSectionPartner[from], ref: n))
        }
        var moves = from != s
        if from == s {
          moves = !inOrder[keyIndex]
          keyIndex += 1
        }
        guard moves else { continue }
        let sourceSection = m.oldSectionPartner[from]
        let source =
          sectionsRearranged
          ? ElementPath(section: sourceSection, element: pairedRank[k]) : oldPath
        elementMoved.append(
          .init(
            source: source, target: target, sourceSection: sourceSection, targetSection: t,
            ref: n))
        updatedElementMoves = updatedElementMoves || m.elementChanged[n]
      }
    }

    summary.added += elementInserted.count
    summary.changed += sectionUpdated.count + elementUpdated.count
    summary.removed += elementDeleted.count
    summary.moved += sectionMoved.count + elementMoved.count

    let updates = StagePlan(sectionUpdated: sectionUpdated, elementUpdated: elementUpdated)
    let hasUpdates = !sectionUpdated.isEmpty || !elementUpdated.isEmpty
    let hasDeletes = !sectionDeleted.isEmpty || !elementDeleted.isEmpty
    let hasArrivals = !elementInserted.isEmpty || !elementMoved.isEmpty
    var stages: [StagePlan] = []

    if !sectionsRearranged {
      if hasDeletes || hasArrivals {
        var stage = StagePlan(
          sectionDeleted: sectionDeleted, elementDeleted: elementDeleted,
          elementInserted: elementInserted, elementMoved: elementMoved)
        if hasUpdates && updatedElementMoves {
          stages.append(withLayout(updates, afterUpdates(m)))
        } else {
          stage.sectionUpdated = sectionUpdated
          stage.elementUpdated = elementUpdated
        }
        stages.append(stage)
      } else if hasUpdates {
        stages.append(updates)
      }
    } else {
      if hasDeletes {
        var stage = StagePlan(sectionDeleted: sectionDeleted, elementDeleted: elementDeleted)
        stage.sectionUpdated = sectionUpdated
        stage.elementUpdated = elementUpdated
        stages.append(withLayout(stage, afterDeletes(m)))
      } else if hasUpdates {
        stages.append(withLayout(updates, afterUpdates(m)))
      }
      stages.append(
        withLayout(
          StagePlan(sectionInserted: sectionInserted, sectionMoved: sectionMoved),
          afterSectionMoves(m)))
      if hasArrivals {
        stages.append(StagePlan(elementInserted: elementInserted, elementMoved: elementMoved))
      }
    }
    if !stages.isEmpty { stages[stages.count - 1].layout = nil }
    return (stages, summary)
  }

  private static func withLayout(_ stage: StagePlan, _ layout: StagePlan.Layout) -> StagePlan {
    var stage = stage
    stage.layout = layout
    return stage
  }

  /// The old layout, with everything that pairs taken from the new feed.
  private static func afterUpdates(_ m: Matching) -> StagePlan.Layout {
    var layout = StagePlan.Layout()
    layout.sections = m.oldSectionPartner.indices.map { s in
      m.oldSectionPartner[s] >= 0 ? m.oldSectionPartner[s] : ~s
    }
    layout.elementStart = m.oldStart
    layout.elements = m.oldPartner.indices.map { k in m.oldPartner[k] >= 0 ? m.oldPartner[k] : ~k }
    return layout
  }

  /// Surviving sections in old order, holding their surviving elements in old order.
  private static func afterDeletes(_ m: Matching) -> StagePlan.Layout {
    var layout = StagePlan.Layout()
    for s in m.oldSectionPartner.indices where m.oldSectionPartner[s] >= 0 {
      layout.sections.append(m.oldSectionPartner[s])
      appendSurvivors(of: s, m, to: &layout)
    }
    return layout
  }

  /// Sections in new order; surviving ones still hold their surviving elements in old order.
  private static func afterSectionMoves(_ m: Matching) -> StagePlan.Layout {
    var layout = StagePlan.Layout()
    for t in m.newSectionPartner.indices {
      layout.sections.append(t)
      let s = m.newSectionPartner[t]
      if s >= 0 {
        appendSurvivors(of: s, m, to: &layout)
      } else {
        layout.elements.append(contentsOf: m.newStart[t]..<m.newStart[t + 1])
        layout.elementStart.append(layout.elements.count)
      }
    }
    return layout
  }

  private static func appendSurvivors(of s: Int, _ m: Matching, to layout: inout StagePlan.Layout) {
    for k in m.oldStart[s]..<m.oldStart[s + 1] where m.oldPartner[k] >= 0 {
      layout.elements.append(m.oldPartner[k])
    }
    layout.elementStart.append(layout.elements.count)
  }
}
