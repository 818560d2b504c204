/// Both feeds reduced to dense integers: which section and element pairs with which, and which
/// pairs changed content.
///
/// Identifiers are hashed exactly once each, here; everything after works on contiguous `Int`
/// arrays. Elements are numbered "flat": old element `k` is the `k`-th element of the old feed
/// counting across sections, likewise for new elements.
///
/// An element pairs with its namesake only when both of their sections are in both feeds. An
/// element of a deleted section leaves with that section and an element of an inserted section
/// arrives with it, because a batch update cannot move a row out of a section it deletes or into
/// one it inserts.
@usableFromInline
struct Matching {
  /// Old section → new section index, or -1 when deleted.
  @usableFromInline var oldSectionPartner: [Int]
  /// New section → old section index, or -1 when inserted.
  @usableFromInline var newSectionPartner: [Int]
  /// Per new section: paired and its header content differs.
  @usableFromInline var sectionChanged: [Bool]
  /// Flat index of each old section's first element; one extra entry holds the total.
  @usableFromInline var oldStart: [Int]
  @usableFromInline var newStart: [Int]
  @usableFromInline var oldSectionOf: [Int]
  @usableFromInline var newSectionOf: [Int]
  /// Old flat element → paired new flat element, or a negative number when unpaired.
  @usableFromInline var oldPartner: [Int]
  /// New flat element → paired old flat element, or -1 when unpaired.
  @usableFromInline var newPartner: [Int]
  /// Per new flat element: paired and its content differs.
  @usableFromInline var elementChanged: [Bool]

  @usableFromInline static let absent = Int.min

  @inlinable
  init<Section: DifferentiableSection>(
    source: [Section], target: [Section], oldElements: [[Section.Element]],
    newElements: [[Section.Element]]
  ) throws(DuplicateIdentifierError) {
    var sectionIndex: [Section.DifferenceIdentifier: Int] = [:]
    sectionIndex.reserveCapacity(source.count)
    for (s, section) in source.enumerated()
    where sectionIndex.updateValue(s, forKey: section.differenceIdentifier) != nil {
      throw Self.duplicateSection(section.differenceIdentifier, in: .source)
    }
    oldSectionPartner = Array(repeating: -1, count: source.count)
    newSectionPartner = Array(repeating: -1, count: target.count)
    sectionChanged = Array(repeating: false, count: target.count)
    var seenTargetSections = Set<Section.DifferenceIdentifier>(minimumCapacity: target.count)
    for (t, section) in target.enumerated() {
      let id = section.differenceIdentifier
      guard seenTargetSections.insert(id).inserted else {
        throw Self.duplicateSection(id, in: .target)
      }
      if let s = sectionIndex[id] {
        oldSectionPartner[s] = t
        newSectionPartner[t] = s
        sectionChanged[t] = !section.isContentEqual(to: source[s])
      }
    }

    (oldStart, oldSectionOf) = Self.layout(oldElements)
    (newStart, newSectionOf) = Self.layout(newElements)
    let oldCount = oldSectionOf.count
    let newCount = newSectionOf.count

    // One table for both feeds: an old element stores its flat index (>= 0), a new element that
    // matched nothing stores -2 - its flat index, so a repeat in either feed is seen at once.
    var table: [Section.Element.DifferenceIdentifier: Int] = [:]
    table.reserveCapacity(oldCount + newCount)
    var k = 0
    for (s, elements) in oldElements.enumerated() {
      for element in elements {
        if let first = table.updateValue(k, forKey: element.differenceIdentifier) {
          throw Self.duplicateElement(
            element.differenceIdentifier, section: source[s],
            firstSection: source[oldSectionOf[first]], in: .source)
        }
        k += 1
      }
    }

    oldPartner = Array(repeating: -1, count: oldCount)
    newPartner = Array(repeating: -1, count: newCount)
    elementChanged = Array(repeating: false, count: newCount)
    var m = 0
    for (t, elements) in newElements.enumerated() {
      let targetSectionSurvives = newSectionPartner[t] >= 0
      for element in elements {
        let previous = Self.claim(&table[element.differenceIdentifier, default: Self.absent], m)
        if previous >= 0 {
          if oldPartner[previous] != -1 {
            let other = oldPartner[previous] >= 0 ? oldPartner[previous] : -2 - oldPartner[previous]
            throw Self.duplicateElement(
              element.differenceIdentifier, section: target[t],
              firstSection: target[newSectionOf[other]], in: .target)
          }
          let s = oldSectionOf[previous]
          if targetSectionSurvives && oldSectionPartner[s] >= 0 {
            oldPartner[previous] = m
            newPartner[m] = previous
            elementChanged[m] = !element.isContentEqual(
              to: oldElements[s][previous - oldStart[s]])
          } else {
            oldPartner[previous] = -2 - m
          }
        } else if previous != Self.absent {
          throw Self.duplicateElement(
            element.differenceIdentifier, section: target[t],
            firstSection: target[newSectionOf[-2 - previous]], in: .target)
        }
        m += 1
      }
    }
  }

  /// Reads a table slot and, when the identifier was not there, records it as new element `m`.
  @inlinable
  static func claim(_ slot: inout Int, _ m: Int) -> Int {
    let previous = slot
    if previous == absent { slot = -2 - m }
    return previous
  }

  @inlinable
  static func layout<Element>(_ sections: [[Element]]) -> (start: [Int], sectionOf: [Int]) {
    var start: [Int] = []
    start.reserveCapacity(sections.count + 1)
    var total = 0
    for elements in sections {
      start.append(total)
      total += elements.count
    }
    start.append(total)
    var sectionOf = [Int](repeating: 0, count: total)
    for s in sections.indices {
      for k in start[s]..<start[s + 1] { sectionOf[k] = s }
    }
    return (start, sectionOf)
  }

  @inlinable
  static func duplicateSection<ID>(_ id: ID, in feed: DuplicateIdentifierError.Feed)
    -> DuplicateIdentifierError
  {
    DuplicateIdentifierError(
      identifier: String(describing: id), section: nil, firstSection: nil, feed: feed)
  }

  @inlinable
  static func duplicateElement<ID, Section: Differentiable>(
    _ id: ID, section: Section, firstSection: Section, in feed: DuplicateIdentifierError.Feed
  ) -> DuplicateIdentifierError {
    DuplicateIdentifierError(
      identifier: String(describing: id),
      section: String(describing: section.differenceIdentifier),
      firstSection: String(describing: firstSection.differenceIdentifier), feed: feed)
  }
}
