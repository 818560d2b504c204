/// Applies `changeset` to `old` stage by stage, the way a client would, and returns the result.
///
/// Each stage is replayed from its change lists alone: deletes and move sources remove elements
/// by their pre-stage indices, inserts and move targets place them at post-stage indices, and
/// the untouched elements fill the remaining slots in order. Only the content of inserted and
/// updated things is read from the stage's `data`. For a changeset made from `old` and `new`,
/// the result equals `new`; the property tests hold the diff to that.
public func apply<Section: DifferentiableSection>(
  _ changeset: StagedChangeset<Section>, to old: [Section]
) throws(ChangesetApplicationError) -> [Section] {
  var feed = old
  for (index, stage) in changeset.stages.enumerated() {
    do {
      feed = try StageReplay(stage: stage, pre: feed).run()
    } catch let reason {
      throw ChangesetApplicationError(stage: index, reason: reason.text)
    }
  }
  return feed
}

/// Why one stage could not be replayed.
private struct ReplayFailure: Error {
  var text: String
}

private struct StageReplay<Section: DifferentiableSection> {
  let stage: Changeset<Section>
  let pre: [Section]

  func run() throws(ReplayFailure) -> [Section] {
    let slots = try sectionSlots()
    var leaving = Set<ElementPath>()
    for change in stage.elementDeleted {
      try checkLeaving(change.path, id: change.id, into: &leaving)
    }
    for move in stage.elementMoved {
      try checkLeaving(move.source, id: move.id, into: &leaving)
    }
    var reloaded = Set<ElementPath>()
    for change in stage.elementUpdated {
      guard hasElement(pre, at: change.path, withID: change.id), !leaving.contains(change.path),
        reloaded.insert(change.path).inserted
      else { throw ReplayFailure(text: "item update \(change.path) does not match \(change.id)") }
    }
    var arrivals: [ElementPath: Section.Element] = [:]
    var arrivalsPerSection: [Int: Int] = [:]
    for change in stage.elementInserted {
      guard let element = element(stage.data, change.path),
        identifiersEqual(element.differenceIdentifier, change.id)
      else { throw ReplayFailure(text: "item insert \(change.path) does not match \(change.id)") }
      try place(element, at: change.path, into: &arrivals, counts: &arrivalsPerSection)
    }
    for move in stage.elementMoved {
      guard let element = element(pre, move.source) else {
        throw ReplayFailure(text: "item move source \(move.source) does not exist")
      }
      try place(element, at: move.target, into: &arrivals, counts: &arrivalsPerSection)
    }

    var post: [Section] = []
    var placed = 0
    let updatedSections = Set(stage.sectionUpdated.map(\.index))
    for (t, slot) in slots.enumerated() {
      guard let s = slot else {
        post.append(stage.data[t])
        continue
      }
      let stayers = pre[s].elements.indices.filter {
        !leaving.contains(ElementPath(section: s, element: $0))
      }
      let count = stayers.count + arrivalsPerSection[t, default: 0]
      var elements: [Section.Element] = []
      elements.reserveCapacity(count)
      var next = 0
      for j in 0..<count {
        let path = ElementPath(section: t, element: j)
        if let arrival = arrivals[path] {
          elements.append(arrival)
          placed += 1
          continue
        }
        guard next < stayers.count else {
          throw ReplayFailure(text: "item \(path) has neither an arrival nor an item that stays")
        }
        let i = stayers[next]
        next += 1
        var element = pre[s].elements[i]
        if reloaded.contains(ElementPath(section: s, element: i)) {
          guard let updated = self.element(stage.data, path),
            identifiersEqual(updated.differenceIdentifier, element.differenceIdentifier)
          else { throw ReplayFailure(text: "updated item at \(path) is not where it belongs") }
          element = updated
        }
        elements.append(element)
      }
      let header = updatedSections.contains(s) ? stage.data[t] : pre[s]
      post.append(Section(source: header, elements: elements))
    }
    guard placed == arrivals.count else {
      throw ReplayFailure(text: "an item insert or move targets a section without room for it")
    }
    return post
  }

  /// For each post-stage section, the pre-stage section it continues, or nil when inserted.
  private func sectionSlots() throws(ReplayFailure) -> [Int?] {
    let postCount = pre.count - stage.sectionDeleted.count + stage.sectionInserted.count
    guard postCount == stage.data.count else {
      throw ReplayFailure(text: "section count \(postCount) differs from the stage's data")
    }
    var leaves = Set<Int>()
    for change in stage.sectionDeleted {
      try checkSectionLeaving(change.index, id: change.id, into: &leaves)
    }
    for move in stage.sectionMoved {
      try checkSectionLeaving(move.source, id: move.id, into: &leaves)
    }
    var slots = [Int??](repeating: nil, count: postCount)
    for change in stage.sectionInserted {
      guard slots.indices.contains(change.index), slots[change.index] == nil,
        identifiersEqual(stage.data[change.index].differenceIdentifier, change.id)
      else { throw ReplayFailure(text: "section insert at \(change.index) does not fit") }
      slots[change.index] = .some(nil)
    }
    for move in stage.sectionMoved {
      guard slots.indices.contains(move.target), slots[move.target] == nil else {
        throw ReplayFailure(text: "section move to \(move.target) does not fit")
      }
      slots[move.target] = .some(move.source)
    }
    var stayers = pre.indices.filter { !leaves.contains($0) }.makeIterator()
    for t in slots.indices where slots[t] == nil {
      guard let s = stayers.next() else {
        throw ReplayFailure(text: "not enough sections stay to fill the new layout")
      }
      slots[t] = .some(s)
    }
    return slots.map { $0 ?? nil }
  }

  private func checkSectionLeaving(
    _ index: Int, id: Section.DifferenceIdentifier,
    into leaves: inout Set<Int>
  ) throws(ReplayFailure) {
    guard pre.indices.contains(index), identifiersEqual(pre[index].differenceIdentifier, id),
      leaves.insert(index).inserted
    else { throw ReplayFailure(text: "section \(index) is not \(id) or leaves twice") }
  }

  private func checkLeaving(
    _ path: ElementPath, id: Section.Element.DifferenceIdentifier,
    into leaving: inout Set<ElementPath>
  ) throws(ReplayFailure) {
    guard hasElement(pre, at: path, withID: id), leaving.insert(path).inserted else {
      throw ReplayFailure(text: "item \(path) is not \(id) or leaves twice")
    }
  }

  private func place(
    _ element: Section.Element, at path: ElementPath,
    into arrivals: inout [ElementPath: Section.Element], counts: inout [Int: Int]
  )
    throws(ReplayFailure)
  {
    guard arrivals.updateValue(element, forKey: path) == nil else {
      throw ReplayFailure(text: "two items arrive at \(path)")
    }
    counts[path.section, default: 0] += 1
  }

  private func element(_ feed: [Section], _ path: ElementPath) -> Section.Element? {
    guard feed.indices.contains(path.section),
      feed[path.section].elements.indices.contains(path.element)
    else { return nil }
    return feed[path.section].elements[path.element]
  }

  /// Whether `feed` has an element at `path` and it carries `id`, compared as the diff does.
  private func hasElement(
    _ feed: [Section], at path: ElementPath, withID id: Section.Element.DifferenceIdentifier
  ) -> Bool {
    guard let element = element(feed, path) else { return false }
    return identifiersEqual(element.differenceIdentifier, id)
  }
}
