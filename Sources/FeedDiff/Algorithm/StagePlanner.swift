/// Turns a `Matching` into stages that each obey the batch-update rules of `Changeset`.
///
/// The full sequence is: updates (in the old layout), deletes, section inserts and moves,
/// element inserts and moves, and last the deletion of sections that elements had to leave
/// first. Stages merge where the rules allow it: without section inserts or moves, deletes,
/// inserts and moves share one stage; updates join the following stage unless an updated element
/// moves in it. Moves come from a longest increasing subsequence per section, so an element is
/// moved only when it is out of order relative to the elements that stay.
@usableFromInline
enum StagePlanner {
  @usableFromInline
  static func plan(_ m: Matching) -> (stages: [StagePlan], summary: ChangeSummary) {
    var planner = StagePlanner.State(m)
    return (planner.stages(), planner.summary)
  }

  /// The intermediate section orders and element ranks the stages are expressed in.
  private struct State {
    let m: Matching
    var summary = ChangeSummary()

    /// Deleted sections without elements that live on: deleted in the deletes stage.
    var earlyDeleted: [Int] = []
    /// Deleted sections some elements move out of: deleted in a last stage, once they left.
    var lateDeleted: [Int] = []
    /// Index of each old section after the deletes stage (-1 for early-deleted ones).
    var positionAfterDeletes: [Int]
    /// Per new section: paired, and on the longest run of sections that keep their order.
    var staysInOrder: [Bool]
    /// The section order after the sections stage: new sections (refs `t`) in new order with
    /// late-deleted sections (refs `~s`) kept behind the section that preceded them.
    var middle: [Int] = []
    var middlePosition: [Int]
    var latePosition: [Int]
    /// Each old element's index after the deletes stage.
    var rankAfterDeletes: [Int]
    var sectionsRearranged = false

    init(_ m: Matching) {
      self.m = m
      positionAfterDeletes = Array(repeating: -1, count: m.oldSectionPartner.count)
      staysInOrder = Array(repeating: false, count: m.newSectionPartner.count)
      middlePosition = Array(repeating: -1, count: m.newSectionPartner.count)
      latePosition = Array(repeating: -1, count: m.oldSectionPartner.count)
      rankAfterDeletes = Array(repeating: -1, count: m.oldPartner.count)
    }

    mutating func stages() -> [StagePlan] {
      let sections = sectionChanges()
      let elements = elementChanges()
      summary.changed += sections.updated.count + elements.updated.count
      let lateDeletes = lateDeleted.map { StagePlan.Section(index: latePosition[$0], ref: ~$0) }

      let updates = StagePlan(sectionUpdated: sections.updated, elementUpdated: elements.updated)
      let hasUpdates = !sections.updated.isEmpty || !elements.updated.isEmpty
      let deletes = earlyDeleted.map { StagePlan.Section(index: $0, ref: ~$0) }
      let hasDeletes = !deletes.isEmpty || !elements.deleted.isEmpty
      let hasArrivals = !elements.inserted.isEmpty || !elements.moved.isEmpty
      var stages: [StagePlan] = []

      if !sectionsRearranged {
        if hasDeletes || hasArrivals {
          var stage = StagePlan(
            layout: middleLayout(final: true), sectionDeleted: deletes,
            elementDeleted: elements.deleted, elementInserted: elements.inserted,
            elementMoved: elements.moved)
          if hasUpdates && elements.updatedOneMoves {
            stages.append(updates.with(layout: afterUpdates()))
          } else {
            stage.sectionUpdated = sections.updated
            stage.elementUpdated = elements.updated
          }
          stages.append(stage)
        } else if hasUpdates {
          stages.append(updates)
        }
      } else {
        if hasDeletes {
          var stage = StagePlan(
            layout: afterDeletes(), sectionDeleted: deletes, elementDeleted: elements.deleted)
          stage.sectionUpdated = sections.updated
          stage.elementUpdated = elements.updated
          stages.append(stage)
        } else if hasUpdates {
          stages.append(updates.with(layout: afterUpdates()))
        }
        stages.append(
          StagePlan(
            layout: middleLayout(final: false), sectionInserted: sections.inserted,
            sectionMoved: sections.moved))
        if hasArrivals {
          stages.append(
            StagePlan(
              layout: middleLayout(final: true), elementInserted: elements.inserted,
              elementMoved: elements.moved))
        }
      }
      if !lateDeletes.isEmpty { stages.append(StagePlan(sectionDeleted: lateDeletes)) }
      if !stages.isEmpty { stages[stages.count - 1].layout = nil }
      return stages
    }

    /// Deleted, inserted, updated and moved sections, and the intermediate section order.
    mutating func sectionChanges() -> (
      inserted: [StagePlan.Section], updated: [StagePlan.Section], moved: [StagePlan.SectionMove]
    ) {
      var position = 0
      for s in m.oldSectionPartner.indices {
        let range = m.oldStart[s]..<m.oldStart[s + 1]
        if m.oldSectionPartner[s] < 0 {
          let unpaired = range.filter { m.oldPartner[$0] < 0 }.count
          summary.removed += 1 + unpaired
          if unpaired == range.count {
            earlyDeleted.append(s)
            continue
          }
          lateDeleted.append(s)
        }
        positionAfterDeletes[s] = position
        position += 1
      }

      var inserted: [Int] = []
      var updated: [StagePlan.Section] = []
      var keys: [Int] = []
      var keyed: [Int] = []
      for t in m.newSectionPartner.indices {
        let s = m.newSectionPartner[t]
        guard s >= 0 else {
          inserted.append(t)
          let newOnly = (m.newStart[t]..<m.newStart[t + 1]).filter { m.newPartner[$0] < 0 }
          summary.added += 1 + newOnly.count
          continue
        }
        if m.sectionChanged[t] { updated.append(.init(index: s, ref: t)) }
        keys.append(positionAfterDeletes[s])
        keyed.append(t)
      }
      for (i, inOrder) in longestIncreasingSubsequence(keys).enumerated() {
        staysInOrder[keyed[i]] = inOrder
      }

      // Late-deleted sections ride behind the in-order section that preceded them in old order.
      var front: [Int] = []
      var behind: [Int: [Int]] = [:]
      var lastInOrder = -1
      for s in m.oldSectionPartner.indices {
        let t = m.oldSectionPartner[s]
        if t >= 0 && staysInOrder[t] {
          lastInOrder = s
        } else if t < 0 && positionAfterDeletes[s] >= 0 {
          if lastInOrder < 0 { front.append(s) } else { behind[lastInOrder, default: []].append(s) }
        }
      }
      for s in front { appendLate(s) }
      for t in m.newSectionPartner.indices {
        middlePosition[t] = middle.count
        middle.append(t)
        let s = m.newSectionPartner[t]
        if s >= 0 && staysInOrder[t] { for late in behind[s, default: []] { appendLate(late) } }
      }

      let moved = keyed.filter { !staysInOrder[$0] }.map { t in
        StagePlan.SectionMove(
          source: positionAfterDeletes[m.newSectionPartner[t]], target: middlePosition[t], ref: t)
      }
      summary.moved += moved.count
      sectionsRearranged = !inserted.isEmpty || !moved.isEmpty
      return (inserted.map { .init(index: middlePosition[$0], ref: $0) }, updated, moved)
    }

    private mutating func appendLate(_ s: Int) {
      latePosition[s] = middle.count
      middle.append(~s)
    }

    /// Element deletes, inserts, updates and moves, in the index spaces of their stages.
    mutating func elementChanges() -> (
      deleted: [StagePlan.Element], inserted: [StagePlan.Element], updated: [StagePlan.Element],
      moved: [StagePlan.ElementMove], updatedOneMoves: Bool
    ) {
      var deleted: [StagePlan.Element] = []
      for s in m.oldSectionPartner.indices where positionAfterDeletes[s] >= 0 {
        let survives = m.oldSectionPartner[s] >= 0
        var rank = 0
        for k in m.oldStart[s]..<m.oldStart[s + 1] {
          if m.oldPartner[k] >= 0 || !survives {
            rankAfterDeletes[k] = rank
            rank += 1
          } else {
            let path = ElementPath(section: s, element: k - m.oldStart[s])
            deleted.append(.init(path: path, section: m.oldSectionPartner[s], ref: ~k))
          }
        }
      }

      var inserted: [StagePlan.Element] = []
      var updated: [StagePlan.Element] = []
      var moved: [StagePlan.ElementMove] = []
      var updatedOneMoves = false
      var keys: [Int] = []
      for t in m.newSectionPartner.indices {
        let s = m.newSectionPartner[t]
        let range = m.newStart[t]..<m.newStart[t + 1]
        keys.removeAll(keepingCapacity: true)
        for n in range where m.newPartner[n] >= 0 && m.oldSectionOf[m.newPartner[n]] == s {
          keys.append(rankAfterDeletes[m.newPartner[n]])
        }
        let inOrder = longestIncreasingSubsequence(keys)
        var keyIndex = 0
        for n in range {
          let target = ElementPath(section: middlePosition[t], element: n - m.newStart[t])
          let k = m.newPartner[n]
          guard k >= 0 else {
            if s >= 0 { inserted.append(.init(path: target, section: t, ref: n)) }
            continue
          }
          let from = m.oldSectionOf[k]
          let fromRef = m.oldSectionPartner[from] >= 0 ? m.oldSectionPartner[from] : ~from
          let oldPath = ElementPath(section: from, element: k - m.oldStart[from])
          if m.elementChanged[n] { updated.append(.init(path: oldPath, section: fromRef, ref: n)) }
          var moves = true
          if from == s {
            moves = !inOrder[keyIndex]
            keyIndex += 1
          }
          guard moves else { continue }
          let fromPosition = fromRef >= 0 ? middlePosition[fromRef] : latePosition[from]
          let source =
            sectionsRearranged
            ? ElementPath(section: fromPosition, element: rankAfterDeletes[k]) : oldPath
          moved.append(
            .init(source: source, target: target, sourceSection: fromRef, targetSection: t, ref: n))
          updatedOneMoves = updatedOneMoves || m.elementChanged[n]
        }
      }
      summary.added += inserted.count
      summary.removed += deleted.count
      summary.moved += moved.count
      return (deleted, inserted, updated, moved, updatedOneMoves)
    }

    /// The old layout, with everything that pairs taken from the new feed.
    func afterUpdates() -> StagePlan.Layout {
      var layout = StagePlan.Layout()
      layout.sections = m.oldSectionPartner.indices.map { s in
        m.oldSectionPartner[s] >= 0 ? m.oldSectionPartner[s] : ~s
      }
      layout.elementStart = m.oldStart
      layout.elements = m.oldPartner.indices.map { k in
        m.oldPartner[k] >= 0 ? m.oldPartner[k] : ~k
      }
      return layout
    }

    /// Sections that survive the deletes stage in old order, with the elements still in them.
    func afterDeletes() -> StagePlan.Layout {
      var layout = StagePlan.Layout()
      for s in m.oldSectionPartner.indices where positionAfterDeletes[s] >= 0 {
        let t = m.oldSectionPartner[s]
        layout.sections.append(t >= 0 ? t : ~s)
        appendKept(of: s, to: &layout)
      }
      return layout
    }

    /// The middle section order; `final` gives every new section its new elements (after the
    /// elements stage), otherwise they hold what they held after the deletes stage.
    func middleLayout(final: Bool) -> StagePlan.Layout {
      var layout = StagePlan.Layout()
      for ref in middle {
        layout.sections.append(ref)
        if ref < 0 {
          for k in m.oldStart[~ref]..<m.oldStart[~ref + 1] where !final || m.oldPartner[k] < 0 {
            layout.elements.append(m.oldPartner[k] >= 0 ? m.oldPartner[k] : ~k)
          }
          layout.elementStart.append(layout.elements.count)
        } else if final || m.newSectionPartner[ref] < 0 {
          let range = m.newStart[ref]..<m.newStart[ref + 1]
          layout.elements.append(contentsOf: range.filter { final || m.newPartner[$0] < 0 })
          layout.elementStart.append(layout.elements.count)
        } else {
          appendKept(of: m.newSectionPartner[ref], to: &layout)
        }
      }
      return layout
    }

    /// The elements of old section `s` that the deletes stage keeps, in old order.
    private func appendKept(of s: Int, to layout: inout StagePlan.Layout) {
      for k in m.oldStart[s]..<m.oldStart[s + 1] where rankAfterDeletes[k] >= 0 {
        layout.elements.append(m.oldPartner[k] >= 0 ? m.oldPartner[k] : ~k)
      }
      layout.elementStart.append(layout.elements.count)
    }
  }
}
