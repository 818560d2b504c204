/// Both feeds reduced to dense integers: which section and element pairs with which, and which
/// pairs changed content.
///
/// Identifiers are hashed at most once each, here; everything after works on contiguous `Int`
/// arrays. Identifiers are the same only when `identifiersEqual` says so (byte for byte for
/// `String`), for sections and elements alike. Elements are numbered "flat": old element `k` is
/// the `k`-th element of the old feed counting across sections, likewise for new elements.
///
/// Elements pair by identifier wherever they are, so an element whose section is deleted or
/// inserted can still be a move; `StagePlanner` orders the stages so that such a move is legal.
///
/// A class, so the planner and the builder share one matching: copying a struct of ten tables
/// would retain and release each of them, atomic operations that cost more than the rest of a
/// ten-item diff's bookkeeping.
@usableFromInline
final class Matching {
  /// Old section → new section index, or -1 when deleted.
  @usableFromInline let oldSectionPartner: IntColumn
  /// New section → old section index, or -1 when inserted.
  @usableFromInline let newSectionPartner: IntColumn
  /// Per new section: 1 when paired and its header content differs.
  @usableFromInline let sectionChanged: IntColumn
  /// Flat index of each old section's first element; one extra entry holds the total.
  @usableFromInline let oldStart: IntColumn
  @usableFromInline let newStart: IntColumn
  /// Section of each flat element, kept only for feeds of more than `fewSections` sections;
  /// `oldSection(of:)` and `newSection(of:)` search the starts otherwise.
  @usableFromInline let oldSectionOf: [Int]
  @usableFromInline let newSectionOf: [Int]
  /// Old flat element → paired new flat element, or -1 when deleted.
  @usableFromInline let oldPartner: IntColumn
  /// New flat element → paired old flat element, or -1 when unpaired.
  @usableFromInline let newPartner: IntColumn
  /// Per new flat element: 1 when paired and its content differs.
  @usableFromInline let elementChanged: IntColumn

  @inlinable
  init<Section: DifferentiableSection>(
    source: [Section], target: [Section]
  ) throws(DuplicateIdentifierError) {
    // Per-section tables, in one array: old partners, new partners, header changed, old
    // starts, new starts.
    let oldSections = source.count
    let newSections = target.count
    let changedAt = oldSections + newSections
    let oldStartAt = changedAt + newSections
    let newStartAt = oldStartAt + oldSections + 1
    var sectionTable = filledArray(-1, count: newStartAt + newSections + 1)
    if oldSections <= Self.fewSections && newSections <= Self.fewSections {
      try Self.pairFewSections(source, target, into: &sectionTable, newAt: oldSections)
    } else {
      try Self.pairManySections(source, target, into: &sectionTable, newAt: oldSections)
    }
    for t in target.indices {
      let s = sectionTable[oldSections + t]
      sectionTable[changedAt + t] = s >= 0 && !target[t].isContentEqual(to: source[s]) ? 1 : 0
    }
    let oldSectionOf = Self.layout(source, into: &sectionTable, at: oldStartAt)
    let newSectionOf = Self.layout(target, into: &sectionTable, at: newStartAt)
    let oldStart = IntColumn(sectionTable, offset: oldStartAt, count: oldSections + 1)
    let newStart = IntColumn(sectionTable, offset: newStartAt, count: newSections + 1)
    let oldCount = oldStart[oldStart.count - 1]
    let newCount = newStart[newStart.count - 1]
    // Binary search over the few section starts stays in cache; `oldSectionOf[k]` would not.
    func oldID(_ k: Int) -> Section.Element.DifferenceIdentifier {
      let s = Self.section(containing: k, starts: oldStart)
      return source[s].elements[k - oldStart[s]].differenceIdentifier
    }
    func newID(_ m: Int) -> Section.Element.DifferenceIdentifier {
      let t = Self.section(containing: m, starts: newStart)
      return target[t].elements[m - newStart[t]].differenceIdentifier
    }

    // One table for both feeds: entry k < oldCount is old element k, entry oldCount + m is new
    // element m that matched nothing, so a repeat in either feed is seen at once.
    var table = IdentifierTable(capacity: oldCount + newCount)
    var k = 0
    for s in source.indices {
      for element in source[s].elements {
        defer { k += 1 }
        let id = element.differenceIdentifier
        if let first = table.findOrInsert(
          hash: identifierHash(id), newEntry: k, isSame: { identifiersEqual(oldID($0), id) })
        {
          throw Self.duplicateElement(
            id, section: source[s],
            firstSection: source[Self.section(containing: first, starts: oldStart)], in: .source)
        }
      }
    }

    // Per-element tables, in one array: old partners, new partners, content changed.
    let newAt = oldCount
    let changedElementAt = oldCount + newCount
    var elementTable = filledArray(-1, count: oldCount + 2 * newCount)
    // Most elements follow the same neighbour as before, so the old element after the last
    // match is tried first; only elements out of that run pay for a (cache-missing) table probe.
    // Old ids are unique, so a hit on the run is the only old element with that id.
    var next = (section: 0, flat: 0)
    var nextElements = source.first?.elements ?? []
    var m = 0
    for t in target.indices {
      for element in target[t].elements {
        defer { m += 1 }
        let id = element.differenceIdentifier
        if next.section < source.count && next.flat == oldStart[next.section + 1] {
          repeat {
            next.section += 1
          } while next.section < source.count && next.flat == oldStart[next.section + 1]
          if next.section < source.count { nextElements = source[next.section].elements }
        }
        var match = next
        if next.flat >= oldCount
          || !identifiersEqual(
            nextElements[next.flat - oldStart[next.section]].differenceIdentifier, id)
        {
          let found = table.findOrInsert(hash: identifierHash(id), newEntry: oldCount + m) {
            entry in
            identifiersEqual(entry < oldCount ? oldID(entry) : newID(entry - oldCount), id)
          }
          guard let found else { continue }
          guard found < oldCount else {
            throw Self.duplicateElement(
              id, section: target[t],
              firstSection: target[
                Self.section(containing: found - oldCount, starts: newStart)],
              in: .target)
          }
          match = (Self.section(containing: found, starts: oldStart), found)
        }
        let (s, k) = match
        if s != next.section { nextElements = source[s].elements }
        guard elementTable[k] == -1 else {
          throw Self.duplicateElement(
            id, section: target[t],
            firstSection: target[Self.section(containing: elementTable[k], starts: newStart)],
            in: .target)
        }
        elementTable[k] = m
        elementTable[newAt + m] = k
        elementTable[changedElementAt + m] =
          element.isContentEqual(to: nextElements[k - oldStart[s]]) ? 0 : 1
        next = (s, k + 1)
      }
    }
    oldSectionPartner = IntColumn(sectionTable, offset: 0, count: oldSections)
    newSectionPartner = IntColumn(sectionTable, offset: oldSections, count: newSections)
    sectionChanged = IntColumn(sectionTable, offset: changedAt, count: newSections)
    self.oldStart = oldStart
    self.newStart = newStart
    self.oldSectionOf = oldSectionOf
    self.newSectionOf = newSectionOf
    oldPartner = IntColumn(elementTable, offset: 0, count: oldCount)
    newPartner = IntColumn(elementTable, offset: newAt, count: newCount)
    elementChanged = IntColumn(elementTable, offset: changedElementAt, count: newCount)
  }

  /// Up to this many sections, sections pair by comparing identifiers directly and elements find
  /// their section by a search over the section starts: cheaper than building tables.
  @usableFromInline static let fewSections = 8

  /// The old section holding old flat element `k`.
  @inlinable
  func oldSection(of k: Int) -> Int {
    oldSectionOf.isEmpty ? Self.section(containing: k, starts: oldStart) : oldSectionOf[k]
  }

  /// The new section holding new flat element `m`.
  @inlinable
  func newSection(of m: Int) -> Int {
    newSectionOf.isEmpty ? Self.section(containing: m, starts: newStart) : newSectionOf[m]
  }

  /// Pairs sections by comparing every identifier with every other: for a handful of sections
  /// this costs less than hashing them.
  @inlinable
  static func pairFewSections<Section: DifferentiableSection>(
    _ source: [Section], _ target: [Section], into table: inout [Int], newAt: Int
  ) throws(DuplicateIdentifierError) {
    for s in source.indices {
      let id = source[s].differenceIdentifier
      for earlier in 0..<s where identifiersEqual(source[earlier].differenceIdentifier, id) {
        throw duplicateSection(id, in: .source)
      }
    }
    for t in target.indices {
      let id = target[t].differenceIdentifier
      for earlier in 0..<t where identifiersEqual(target[earlier].differenceIdentifier, id) {
        throw duplicateSection(id, in: .target)
      }
      // Sections usually keep their place, so the same index is tried first.
      if t < source.count && identifiersEqual(source[t].differenceIdentifier, id) {
        table[t] = t
        table[newAt + t] = t
        continue
      }
      for s in source.indices where identifiersEqual(source[s].differenceIdentifier, id) {
        table[s] = t
        table[newAt + t] = s
        break
      }
    }
  }

  /// Pairs sections through a dictionary of the old section identifiers.
  @inlinable
  static func pairManySections<Section: DifferentiableSection>(
    _ source: [Section], _ target: [Section], into table: inout [Int], newAt: Int
  ) throws(DuplicateIdentifierError) {
    var sectionIndex: [IdentifierKey<Section.DifferenceIdentifier>: Int] = [:]
    sectionIndex.reserveCapacity(source.count)
    for (s, section) in source.enumerated()
    where sectionIndex.updateValue(s, forKey: IdentifierKey(section.differenceIdentifier)) != nil {
      throw duplicateSection(section.differenceIdentifier, in: .source)
    }
    var seenTargetSections = Set<IdentifierKey<Section.DifferenceIdentifier>>(
      minimumCapacity: target.count)
    for (t, section) in target.enumerated() {
      let id = section.differenceIdentifier
      guard seenTargetSections.insert(IdentifierKey(id)).inserted else {
        throw duplicateSection(id, in: .target)
      }
      if let s = sectionIndex[IdentifierKey(id)] {
        table[s] = t
        table[newAt + t] = s
      }
    }
  }

  /// The section whose flat range holds element `k`: the last start at or before `k`.
  @inlinable
  static func section(containing k: Int, starts: IntColumn) -> Int {
    var low = 0
    var high = starts.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if starts[middle] <= k { low = middle } else { high = middle }
    }
    return low
  }

  /// Writes the flat index of each section's first element, and the total, into `table` from
  /// `at`; returns the section of each flat element for feeds of many sections, else nothing
  /// (see `oldSection(of:)`).
  @inlinable
  static func layout<Section: DifferentiableSection>(
    _ sections: [Section], into table: inout [Int], at start: Int
  ) -> [Int] {
    var total = 0
    for (s, section) in sections.enumerated() {
      table[start + s] = total
      total += section.elements.count
    }
    table[start + sections.count] = total
    guard sections.count > fewSections else { return [] }
    var sectionOf = filledArray(0, count: total)
    var k = 0
    for (s, section) in sections.enumerated() {
      for _ in section.elements.indices {
        sectionOf[k] = s
        k += 1
      }
    }
    return sectionOf
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
