import FeedVocabulary

/// Turns a `Matching` into stages that each obey the batch-update rules of `Changeset` as UIKit
/// applies them.
///
/// The full sequence is: section updates that collide with everything else, element updates (in
/// the old layout), deletes, section inserts and moves, element inserts and moves, and last the
/// deletion of sections that elements had to leave first. Stages merge where the rules allow it:
/// without section inserts or moves, deletes, inserts and moves share one stage; updates join the
/// first stage unless UIKit would misplace the reload there (see `placeUpdates`). Moves come from a
/// longest increasing subsequence per section, so an element is moved only when it is out of
/// order relative to the elements that stay.
///
/// Per-section tables that would only say "nothing changed here" (every section kept, in order)
/// are left empty and read through accessors, so a diff of a few items allocates little.
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
    /// Index of each old section after the deletes stage (-1 for early-deleted ones); empty when
    /// no section is deleted, the index then being the old one.
    var positionAfterDeletes: [Int] = []
    /// Per new section: paired, and on the longest run of sections that keep their order; empty
    /// when every paired section keeps its order.
    var staysInOrder: [Bool] = []
    /// The section order after the sections stage: new sections (refs `t`) in new order with
    /// late-deleted sections (refs `~s`) kept behind the section that preceded them. Empty, with
    /// `middlePosition`, when there are no late-deleted sections: the order is then the new one.
    var middle: [Int] = []
    var middlePosition: [Int] = []
    var latePosition: [Int] = []
    /// Each old element's index after the deletes stage; only kept when sections are rearranged,
    /// the one case that addresses moves from there.
    var rankAfterDeletes: [Int] = []
    var sectionsRearranged = false
    /// LIS keys, shared by the sections and every section's elements.
    var keys: [Int] = []

    init(_ m: Matching) {
      self.m = m
    }

    func afterDeletes(_ s: Int) -> Int {
      positionAfterDeletes.isEmpty ? s : positionAfterDeletes[s]
    }

    func middleIndex(_ t: Int) -> Int {
      middlePosition.isEmpty ? t : middlePosition[t]
    }

    func stays(_ t: Int) -> Bool {
      m.newSectionPartner[t] >= 0 && (staysInOrder.isEmpty || staysInOrder[t])
    }

    mutating func stages() -> [StagePlan] {
      let sections = sectionChanges()
      let elements = elementChanges()
      summary.changed += sections.updated.count + elements.updated.count
      // Two slots in front for update-only stages (see `placeUpdates`), emptied ones removed
      // below: cheaper than inserting in front, which copies through unspecialised code.
      var stages: [StagePlan] = []
      stages.reserveCapacity(6)
      stages.append(StagePlan(kind: .old(newContent: false)))
      stages.append(StagePlan(kind: .old(newContent: true)))
      let deletes = earlyDeleted.map { StagePlan.Section(index: $0, ref: ~$0) }
      let hasDeletes = !deletes.isEmpty || !elements.deleted.isEmpty
      let hasArrivals = !elements.inserted.isEmpty || !elements.moved.isEmpty
      if !sectionsRearranged {
        if hasDeletes || hasArrivals {
          stages.append(
            StagePlan(
              kind: .middle(final: true), sectionDeleted: deletes,
              elementDeleted: elements.deleted, elementInserted: elements.inserted,
              elementMoved: elements.moved))
        }
      } else {
        if hasDeletes {
          stages.append(
            StagePlan(
              kind: .afterDeletes, sectionDeleted: deletes, elementDeleted: elements.deleted))
        }
        stages.append(
          StagePlan(
            kind: .middle(final: false), sectionInserted: sections.inserted,
            sectionMoved: sections.moved))
        if hasArrivals {
          stages.append(
            StagePlan(
              kind: .middle(final: true), elementInserted: elements.inserted,
              elementMoved: elements.moved))
        }
      }
      if !lateDeleted.isEmpty {
        stages.append(
          StagePlan(
            kind: .middle(final: true),
            sectionDeleted: lateDeleted.map {
              StagePlan.Section(index: latePosition[$0], ref: ~$0)
            }))
      }
      placeUpdates(sections.updated, elements.updated, into: &stages)
      for slot in stride(from: 1, through: 0, by: -1)
      where stages[slot].elementUpdated.isEmpty && stages[slot].sectionUpdated.isEmpty {
        stages.remove(at: slot)
      }

      for i in stages.indices.dropLast() {
        switch stages[i].kind {
        case .old(let newContent):
          stages[i].data = .old(
            newContent: newContent, newHeaders: newHeaders(after: i, of: stages))
        case .afterDeletes: stages[i].data = .refs(afterDeletesLayout())
        case .middle(let final): stages[i].data = .refs(middleLayout(final: final))
        }
      }
      return stages
    }

    /// Per old section: whether its header is new after stage `i`; empty when every header is
    /// (no section update comes later).
    private func newHeaders(after i: Int, of stages: [StagePlan]) -> [Bool] {
      guard stages[(i + 1)...].contains(where: { !$0.sectionUpdated.isEmpty }) else { return [] }
      var new = filledArray(true, count: m.oldSectionPartner.count)
      for stage in stages[(i + 1)...] {
        for change in stage.sectionUpdated { new[change.index] = false }
      }
      return new
    }

    /// Puts the updates into the first stage UIKit can reload them in, adding update-only
    /// stages in the old layout in front where none can.
    ///
    /// UIKit reloads as a delete plus an insert at a place computed without the batch's moves,
    /// so element updates join the first stage only when it moves nothing; otherwise they are a
    /// stage of their own, first. A section update is a reload of the whole section: it joins
    /// the first stage that moves no section and changes no element of that section (the
    /// element updates' stage, or the one after it), otherwise a stage of section updates goes
    /// in front of all others.
    private func placeUpdates(
      _ sectionUpdates: [StagePlan.Section], _ elementUpdates: [StagePlan.Element],
      into stages: inout [StagePlan]
    ) {
      // stages[0]: section updates that fit nowhere else; stages[1]: element updates that may
      // not join the first structural stage, stages[2].
      let first = 2
      var ownStage = false
      if !elementUpdates.isEmpty {
        if stages.count > first && stages[first].elementMoved.isEmpty
          && stages[first].sectionMoved.isEmpty
        {
          stages[first].elementUpdated = elementUpdates
        } else {
          stages[1].elementUpdated = elementUpdates
          ownStage = true
        }
      }
      guard !sectionUpdates.isEmpty else { return }
      guard stages.count > first || ownStage else {
        stages[1].sectionUpdated = sectionUpdates
        return
      }
      // The element updates' own stage and the stage after it both start from the old layout.
      let candidates = (ownStage ? [1, first] : [first]).filter {
        stages.indices.contains($0) && stages[$0].sectionMoved.isEmpty
      }
      let touched = candidates.map { sectionsWithElementChanges(stages[$0]) }
      for update in sectionUpdates {
        if let c = candidates.indices.first(where: { !touched[$0][update.ref] }) {
          stages[candidates[c]].sectionUpdated.append(update)
        } else {
          stages[0].sectionUpdated.append(update)
        }
      }
    }

    /// Per new section: whether `stage` deletes, inserts, updates or moves an element in it.
    private func sectionsWithElementChanges(_ stage: StagePlan) -> [Bool] {
      var touched = filledArray(false, count: m.newSectionPartner.count)
      func mark(_ ref: Int) { if ref >= 0 { touched[ref] = true } }
      for change in stage.elementDeleted { mark(change.section) }
      for change in stage.elementInserted { mark(change.section) }
      for change in stage.elementUpdated { mark(change.section) }
      for move in stage.elementMoved {
        mark(move.sourceSection)
        mark(move.targetSection)
      }
      return touched
    }

    /// Deleted, inserted, updated and moved sections, and the intermediate section order.
    mutating func sectionChanges() -> (
      inserted: [StagePlan.Section], updated: [StagePlan.Section], moved: [StagePlan.SectionMove]
    ) {
      if m.oldSectionPartner.contains(-1) {
        positionAfterDeletes = filledArray(-1, count: m.oldSectionPartner.count)
        var position = 0
        for s in m.oldSectionPartner.indices {
          if m.oldSectionPartner[s] < 0 {
            var unpaired = 0
            for k in m.oldStart[s]..<m.oldStart[s + 1] where m.oldPartner[k] < 0 { unpaired += 1 }
            summary.removed += 1 + unpaired
            if unpaired == m.oldStart[s + 1] - m.oldStart[s] {
              earlyDeleted.append(s)
              continue
            }
            lateDeleted.append(s)
          }
          positionAfterDeletes[s] = position
          position += 1
        }
      }

      var inserted: [Int] = []
      var updated: [StagePlan.Section] = []
      // One allocation for every LIS of the diff: sections, then each section's elements.
      var longest = m.newSectionPartner.count
      for t in m.newSectionPartner.indices {
        longest = max(longest, m.newStart[t + 1] - m.newStart[t])
      }
      keys.reserveCapacity(longest)
      for t in m.newSectionPartner.indices {
        let s = m.newSectionPartner[t]
        guard s >= 0 else {
          inserted.append(t)
          var newOnly = 0
          for n in m.newStart[t]..<m.newStart[t + 1] where m.newPartner[n] < 0 { newOnly += 1 }
          summary.added += 1 + newOnly
          continue
        }
        if m.sectionChanged[t] == 1 { updated.append(.init(index: s, ref: t)) }
        keys.append(afterDeletes(s))
      }
      markLongestIncreasingSubsequence(&keys)
      if keys.contains(0) {
        staysInOrder = filledArray(false, count: m.newSectionPartner.count)
        var keyIndex = 0
        for t in m.newSectionPartner.indices where m.newSectionPartner[t] >= 0 {
          staysInOrder[t] = keys[keyIndex] == 1
          keyIndex += 1
        }
      }
      if !lateDeleted.isEmpty { placeLateDeleted() }

      var moved: [StagePlan.SectionMove] = []
      for t in m.newSectionPartner.indices where m.newSectionPartner[t] >= 0 && !stays(t) {
        moved.append(
          .init(source: afterDeletes(m.newSectionPartner[t]), target: middleIndex(t), ref: t))
      }
      summary.moved += moved.count
      sectionsRearranged = !inserted.isEmpty || !moved.isEmpty
      return (inserted.map { .init(index: middleIndex($0), ref: $0) }, updated, moved)
    }

    /// Builds the middle order: late-deleted sections ride behind the in-order section that
    /// preceded them in old order.
    private mutating func placeLateDeleted() {
      latePosition = filledArray(-1, count: m.oldSectionPartner.count)
      middlePosition = filledArray(-1, count: m.newSectionPartner.count)
      var front: [Int] = []
      var behind: [Int: [Int]] = [:]
      var lastInOrder = -1
      for s in m.oldSectionPartner.indices {
        let t = m.oldSectionPartner[s]
        if t >= 0 && stays(t) {
          lastInOrder = s
        } else if t < 0 && afterDeletes(s) >= 0 {
          if lastInOrder < 0 { front.append(s) } else { behind[lastInOrder, default: []].append(s) }
        }
      }
      for s in front { appendLate(s) }
      for t in m.newSectionPartner.indices {
        middlePosition[t] = middle.count
        middle.append(t)
        let s = m.newSectionPartner[t]
        if s >= 0 && stays(t) { for late in behind[s, default: []] { appendLate(late) } }
      }
    }

    private mutating func appendLate(_ s: Int) {
      latePosition[s] = middle.count
      middle.append(~s)
    }

    /// Element deletes, inserts, updates and moves, in the index spaces of their stages.
    mutating func elementChanges() -> (
      deleted: [StagePlan.Element], inserted: [StagePlan.Element], updated: [StagePlan.Element],
      moved: [StagePlan.ElementMove]
    ) {
      var deleted: [StagePlan.Element] = []
      if sectionsRearranged {
        rankAfterDeletes = filledArray(-1, count: m.oldPartner.count)
      }
      for s in m.oldSectionPartner.indices where afterDeletes(s) >= 0 {
        let survives = m.oldSectionPartner[s] >= 0
        var rank = 0
        for k in m.oldStart[s]..<m.oldStart[s + 1] {
          if m.oldPartner[k] >= 0 || !survives {
            if sectionsRearranged { rankAfterDeletes[k] = rank }
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
      for t in m.newSectionPartner.indices {
        let s = m.newSectionPartner[t]
        let range = m.newStart[t]..<m.newStart[t + 1]
        // Old flat indices order the elements that stay in their section as well as their
        // ranks after the deletes would.
        keys.removeAll(keepingCapacity: true)
        for n in range where m.newPartner[n] >= 0 && m.oldSection(of: m.newPartner[n]) == s {
          keys.append(m.newPartner[n])
        }
        markLongestIncreasingSubsequence(&keys)
        var keyIndex = 0
        for n in range {
          let target = ElementPath(section: middleIndex(t), element: n - m.newStart[t])
          let k = m.newPartner[n]
          guard k >= 0 else {
            if s >= 0 { inserted.append(.init(path: target, section: t, ref: n)) }
            continue
          }
          let from = m.oldSection(of: k)
          let fromRef = m.oldSectionPartner[from] >= 0 ? m.oldSectionPartner[from] : ~from
          let oldPath = ElementPath(section: from, element: k - m.oldStart[from])
          if m.elementChanged[n] == 1 {
            updated.append(.init(path: oldPath, section: fromRef, ref: n))
          }
          var moves = true
          if from == s {
            moves = keys[keyIndex] == 0
            keyIndex += 1
          }
          guard moves else { continue }
          let source: ElementPath
          if sectionsRearranged {
            let fromPosition = fromRef >= 0 ? middleIndex(fromRef) : latePosition[from]
            source = ElementPath(section: fromPosition, element: rankAfterDeletes[k])
          } else {
            source = oldPath
          }
          moved.append(
            .init(source: source, target: target, sourceSection: fromRef, targetSection: t, ref: n))
        }
      }
      summary.added += inserted.count
      summary.removed += deleted.count
      summary.moved += moved.count
      return (deleted, inserted, updated, moved)
    }

    /// Sections that survive the deletes stage in old order, with the elements still in them.
    func afterDeletesLayout() -> StagePlan.Layout {
      var layout = StagePlan.Layout()
      for s in m.oldSectionPartner.indices where afterDeletes(s) >= 0 {
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
      for ref in middle.isEmpty ? Array(m.newSectionPartner.indices) : middle {
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

    /// The elements of old section `s` that the deletes stage keeps, in old order: the paired
    /// ones, or all of them in a section that is deleted later.
    private func appendKept(of s: Int, to layout: inout StagePlan.Layout) {
      let survives = m.oldSectionPartner[s] >= 0
      for k in m.oldStart[s]..<m.oldStart[s + 1] where m.oldPartner[k] >= 0 || !survives {
        layout.elements.append(m.oldPartner[k] >= 0 ? m.oldPartner[k] : ~k)
      }
      layout.elementStart.append(layout.elements.count)
    }
  }
}
