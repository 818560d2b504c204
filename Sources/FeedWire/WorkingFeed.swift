import FeedComponents
import FeedDiff

/// A feed being rebuilt stage by stage: the client's model between two batch updates.
///
/// Each stage is applied in the order a collection view processes one batch update: reloads at
/// pre-stage indices, then deletes (and move sources) at pre-stage indices from the last to the
/// first, then inserts (and move targets) at post-stage indices from the first to the last —
/// sections before items, so item indices always refer to the sections as they stand.
struct WorkingFeed {
  /// A section's shell (header, footer, newer fields) and its items. While `isWhole`, `shell` is
  /// the section node exactly as it stands, items included, so it is reused without recomputing
  /// its digest; any change clears it.
  struct Section {
    var shell: SectionNode
    var items: [ItemNode] {
      didSet { isWhole = false }
    }
    var isWhole: Bool

    init(_ node: SectionNode) {
      shell = node
      items = node.items
      isWhole = true
    }

    var node: SectionNode {
      isWhole
        ? shell
        : SectionNode(
          id: shell.id, header: shell.header, footer: shell.footer, items: items,
          additionalFields: shell.additionalFields)
    }
  }

  private(set) var sections: [Section]

  init(_ document: FeedDocument) {
    sections = document.sections.map(Section.init)
  }

  /// The sections as nodes, digests computed.
  func sectionNodes() -> [SectionNode] {
    sections.map(\.node)
  }

  mutating func apply(_ stage: WireStage, number: Int) throws(WireChangesetError) {
    try reload(stage, number: number)
    let travellingItems = try removeItems(stage, number: number)
    let travellingSections = try removeSections(stage, number: number)
    try insertSections(stage, travelling: travellingSections, number: number)
    try insertItems(stage, travelling: travellingItems, number: number)
  }

  // MARK: Reloads

  private mutating func reload(_ stage: WireStage, number: Int) throws(WireChangesetError) {
    for update in stage.sectionUpdated {
      try checkSection(update.index, is: update.id, change: "section update", number: number)
      sections[update.index].shell = update.node
      sections[update.index].isWhole = false
    }
    for update in stage.itemUpdated {
      try checkItem(
        update.path, is: update.id, in: update.sectionID, change: "item update", number: number)
      sections[update.path.section].items[update.path.element] = update.node
    }
  }

  // MARK: Deletes and move sources, last first

  /// Removes deleted and moved-out items; returns the moved ones by id.
  private mutating func removeItems(
    _ stage: WireStage, number: Int
  ) throws(WireChangesetError) -> [String: ItemNode] {
    var leaving = Set<ElementPath>()
    var travelling: [String: ItemNode] = [:]
    for change in stage.itemDeleted {
      try checkItem(
        change.path, is: change.id, in: change.sectionID, change: "item delete", number: number)
      try claim(change.path, in: &leaving, what: "leaves", number: number)
    }
    for move in stage.itemMoved {
      try checkItem(
        move.source, is: move.id, in: move.sourceSectionID, change: "item move", number: number)
      try claim(move.source, in: &leaving, what: "leaves", number: number)
      travelling[move.id] = sections[move.source.section].items[move.source.element]
    }
    for path in leaving.sorted(by: { ($0.section, $0.element) > ($1.section, $1.element) }) {
      sections[path.section].items.remove(at: path.element)
    }
    return travelling
  }

  /// Removes deleted and moved sections; returns the moved ones by id.
  private mutating func removeSections(
    _ stage: WireStage, number: Int
  ) throws(WireChangesetError) -> [String: Section] {
    var leaving = Set<Int>()
    var travelling: [String: Section] = [:]
    for change in stage.sectionDeleted {
      try checkSection(change.index, is: change.id, change: "section delete", number: number)
      try claim(change.index, in: &leaving, what: "leaves", number: number)
    }
    for move in stage.sectionMoved {
      try checkSection(move.source, is: move.id, change: "section move", number: number)
      try claim(move.source, in: &leaving, what: "leaves", number: number)
      travelling[move.id] = sections[move.source]
    }
    for index in leaving.sorted(by: >) {
      sections.remove(at: index)
    }
    return travelling
  }

  // MARK: Inserts and move targets, first first

  private mutating func insertSections(
    _ stage: WireStage, travelling: [String: Section], number: Int
  ) throws(WireChangesetError) {
    var arrivals: [(index: Int, section: Section, change: String)] = []
    for insert in stage.sectionInserted {
      arrivals.append(
        (insert.index, Section(insert.node), "insert"))
    }
    for move in stage.sectionMoved {
      arrivals.append((move.target, travelling[move.id]!, "move"))
    }
    var taken = Set<Int>()
    for arrival in arrivals.sorted(by: { $0.index < $1.index }) {
      try claim(arrival.index, in: &taken, what: "arrives", number: number)
      guard arrival.index <= sections.count else {
        throw .indexOutOfRange(
          stage: number,
          change:
            "section \(arrival.change) of \"\(arrival.section.shell.id)\" to index \(arrival.index), but only \(sections.count) sections precede it"
        )
      }
      sections.insert(arrival.section, at: arrival.index)
    }
  }

  private mutating func insertItems(
    _ stage: WireStage, travelling: [String: ItemNode], number: Int
  ) throws(WireChangesetError) {
    var arrivals: [(path: ElementPath, sectionID: String, item: ItemNode, change: String)] = []
    for insert in stage.itemInserted {
      arrivals.append((insert.path, insert.sectionID, insert.node, "item insert"))
    }
    for move in stage.itemMoved {
      arrivals.append((move.target, move.targetSectionID, travelling[move.id]!, "item move"))
    }
    var taken = Set<ElementPath>()
    for arrival in arrivals.sorted(by: {
      ($0.path.section, $0.path.element) < ($1.path.section, $1.path.element)
    }) {
      let path = arrival.path
      try claim(path, in: &taken, what: "arrives", number: number)
      guard sections.indices.contains(path.section),
        path.element <= sections[path.section].items.count
      else {
        throw .indexOutOfRange(
          stage: number,
          change: "\(arrival.change) of \"\(arrival.item.id)\" to \(path) \(shape(at: path))")
      }
      guard sections[path.section].shell.id == arrival.sectionID else {
        throw .inconsistent(
          stage: number,
          reason:
            "the \(arrival.change) of \"\(arrival.item.id)\" names section \"\(arrival.sectionID)\", but section \(path.section) is \"\(sections[path.section].shell.id)\""
        )
      }
      sections[path.section].items.insert(arrival.item, at: path.element)
    }
  }

  // MARK: Checks

  private func checkSection(
    _ index: Int, is id: String, change: String, number: Int
  ) throws(WireChangesetError) {
    guard sections.indices.contains(index) else {
      throw .indexOutOfRange(
        stage: number,
        change:
          "\(change) of \"\(id)\" at index \(index), but the feed has \(sections.count) sections")
    }
    guard sections[index].shell.id == id else {
      throw .inconsistent(
        stage: number,
        reason:
          "the \(change) names \"\(id)\", but section \(index) is \"\(sections[index].shell.id)\"")
    }
  }

  private func checkItem(
    _ path: ElementPath, is id: String, in sectionID: String, change: String, number: Int
  ) throws(WireChangesetError) {
    guard sections.indices.contains(path.section),
      sections[path.section].items.indices.contains(path.element)
    else {
      throw .indexOutOfRange(
        stage: number, change: "\(change) of \"\(id)\" at \(path) \(shape(at: path))")
    }
    let section = sections[path.section]
    guard section.shell.id == sectionID, section.items[path.element].id == id else {
      throw .inconsistent(
        stage: number,
        reason:
          "the \(change) names \"\(id)\" in section \"\(sectionID)\", but \(path) is \"\(section.items[path.element].id)\" in section \"\(section.shell.id)\""
      )
    }
  }

  /// Says how far `path` overshoots: how many sections there are, or how many items its section has.
  private func shape(at path: ElementPath) -> String {
    guard sections.indices.contains(path.section) else {
      return "(the feed has \(sections.count) sections)"
    }
    return
      "(section \"\(sections[path.section].shell.id)\" has \(sections[path.section].items.count) items)"
  }

  /// Records that a change uses `place`; a second change there is an inconsistency.
  private func claim<Place: Hashable & CustomStringConvertible>(
    _ place: Place, in claimed: inout Set<Place>, what: String, number: Int
  ) throws(WireChangesetError) {
    guard claimed.insert(place).inserted else {
      throw .inconsistent(stage: number, reason: "two changes say something \(what) at \(place)")
    }
  }
}
