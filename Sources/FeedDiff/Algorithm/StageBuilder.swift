/// Attaches identifiers and values to a `StagePlan`, giving the public `Changeset`.
@usableFromInline
struct StageBuilder<Section: DifferentiableSection> {
  @usableFromInline let source: [Section]
  @usableFromInline let target: [Section]
  @usableFromInline let matching: Matching

  @inlinable
  init(
    source: [Section], target: [Section], matching: Matching
  ) {
    self.source = source
    self.target = target
    self.matching = matching
  }

  @inlinable
  func changeset(for plan: StagePlan) -> Changeset<Section> {
    Changeset(
      data: data(for: plan.data),
      sectionDeleted: plan.sectionDeleted.map { sectionChange($0) },
      sectionInserted: plan.sectionInserted.map { sectionChange($0) },
      sectionUpdated: plan.sectionUpdated.map { sectionChange($0) },
      sectionMoved: plan.sectionMoved.map {
        SectionMove(id: section($0.ref).differenceIdentifier, source: $0.source, target: $0.target)
      },
      elementDeleted: plan.elementDeleted.map { elementChange($0) },
      elementInserted: plan.elementInserted.map { elementChange($0) },
      elementUpdated: plan.elementUpdated.map { elementChange($0) },
      elementMoved: plan.elementMoved.map {
        ElementMove(
          id: element($0.ref).differenceIdentifier,
          sourceSectionID: section($0.sourceSection).differenceIdentifier, source: $0.source,
          targetSectionID: section($0.targetSection).differenceIdentifier, target: $0.target)
      })
  }

  @inlinable
  func data(for data: StagePlan.Data) -> [Section] {
    switch data {
    case .target: target
    case .old(let newContent, let newHeaders):
      oldData(newContent: newContent, newHeaders: newHeaders)
    case .refs(let layout): self.data(for: layout)
    }
  }

  /// The old feed, with updated elements and headers swapped in as `StagePlan.Data.old` says.
  @inlinable
  func oldData(newContent: Bool, newHeaders: [Bool]) -> [Section] {
    var sections: [Section] = []
    sections.reserveCapacity(source.count)
    for s in source.indices {
      var elements = source[s].elements
      if newContent {
        for k in matching.oldStart[s]..<matching.oldStart[s + 1] {
          let n = matching.oldPartner[k]
          if n >= 0 && matching.elementChanged[n] == 1 {
            elements[k - matching.oldStart[s]] = element(n)
          }
        }
      }
      let t = matching.oldSectionPartner[s]
      let header = t >= 0 && (newHeaders.isEmpty || newHeaders[s]) ? target[t] : source[s]
      sections.append(Section(source: header, elements: elements))
    }
    return sections
  }

  @inlinable
  func data(for layout: StagePlan.Layout) -> [Section] {
    var sections: [Section] = []
    sections.reserveCapacity(layout.sections.count)
    for (i, ref) in layout.sections.enumerated() {
      var elements: [Section.Element] = []
      let range = layout.elementStart[i]..<layout.elementStart[i + 1]
      elements.reserveCapacity(range.count)
      var position = range.lowerBound
      while position < range.upperBound {
        // Copy runs of consecutive new elements of one section as a slice.
        let ref = layout.elements[position]
        guard ref >= 0 else {
          elements.append(element(ref))
          position += 1
          continue
        }
        let t = matching.newSection(of: ref)
        var end = position + 1
        while end < range.upperBound && layout.elements[end] == ref + (end - position)
          && ref + (end - position) < matching.newStart[t + 1]
        {
          end += 1
        }
        let first = ref - matching.newStart[t]
        elements.append(contentsOf: target[t].elements[first..<(first + end - position)])
        position = end
      }
      sections.append(Section(source: section(ref), elements: elements))
    }
    return sections
  }

  @inlinable
  func sectionChange(_ change: StagePlan.Section) -> SectionChange<Section.DifferenceIdentifier> {
    SectionChange(id: section(change.ref).differenceIdentifier, index: change.index)
  }

  @inlinable
  func elementChange(_ change: StagePlan.Element) -> ElementChange<
    Section.DifferenceIdentifier, Section.Element.DifferenceIdentifier
  > {
    ElementChange(
      id: element(change.ref).differenceIdentifier,
      sectionID: section(change.section).differenceIdentifier, path: change.path)
  }

  @inlinable
  func section(_ ref: Int) -> Section {
    ref >= 0 ? target[ref] : source[~ref]
  }

  @inlinable
  func element(_ ref: Int) -> Section.Element {
    if ref >= 0 {
      let t = matching.newSection(of: ref)
      return target[t].elements[ref - matching.newStart[t]]
    }
    let s = matching.oldSection(of: ~ref)
    return source[s].elements[~ref - matching.oldStart[s]]
  }
}
