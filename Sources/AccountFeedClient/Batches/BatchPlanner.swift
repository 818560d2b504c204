import FeedComponents
import FeedDiff
import FeedWire

/// Turns the stages of a changeset into `FeedBatch`es over the document the client holds,
/// carrying the model forward stage by stage as a collection view processes one batch: reloads,
/// then deletes and move sources (last first), then inserts and move targets (first first),
/// sections before items.
///
/// `WireChangeset.apply(to:)` is what verifies a changeset and gives the document; this only
/// adds what an app needs to animate to it: each stage's model and the landing place of each
/// reload. Anything that does not fit is a `BatchPlanError`, and the client fetches the whole
/// document instead of handing out a batch that would make UIKit raise.
struct BatchPlanner {
  private struct Section {
    var shell: SectionNode
    var items: [ItemNode]

    var node: SectionNode {
      SectionNode(
        id: shell.id, header: shell.header, footer: shell.footer, items: items,
        additionalFields: shell.additionalFields)
    }
  }

  private var sections: [Section]

  init(_ document: FeedDocument) {
    sections = document.sections.map { Section(shell: $0, items: $0.items) }
  }

  /// The batches for `stages`, applied to the document in order.
  static func batches(
    for stages: [WireStage], from document: FeedDocument
  ) throws(BatchPlanError) -> [FeedBatch] {
    var planner = BatchPlanner(document)
    var batches: [FeedBatch] = []
    for (number, stage) in stages.enumerated() {
      batches.append(try planner.batch(for: stage, number: number + 1))
    }
    return batches
  }

  mutating func batch(for stage: WireStage, number: Int) throws(BatchPlanError) -> FeedBatch {
    let misfit = BatchPlanError(stage: number)
    for update in stage.sectionUpdated {
      guard sections.indices.contains(update.index), sections[update.index].shell.id == update.id
      else { throw misfit }
      sections[update.index].shell = update.node
    }
    for update in stage.itemUpdated {
      guard item(at: update.path)?.id == update.id else { throw misfit }
      sections[update.path.section].items[update.path.element] = update.node
    }
    var travellingItems: [String: ItemNode] = [:]
    var leavingItems = stage.itemDeleted.map(\.path)
    for move in stage.itemMoved {
      guard let node = item(at: move.source), node.id == move.id else { throw misfit }
      travellingItems[move.id] = node
      leavingItems.append(move.source)
    }
    for path in leavingItems.sorted(by: { ($0.section, $0.element) > ($1.section, $1.element) }) {
      guard item(at: path) != nil else { throw misfit }
      sections[path.section].items.remove(at: path.element)
    }
    var travellingSections: [String: Section] = [:]
    var leavingSections = stage.sectionDeleted.map(\.index)
    for move in stage.sectionMoved {
      guard sections.indices.contains(move.source) else { throw misfit }
      travellingSections[move.id] = sections[move.source]
      leavingSections.append(move.source)
    }
    for index in leavingSections.sorted(by: >) {
      guard sections.indices.contains(index) else { throw misfit }
      sections.remove(at: index)
    }
    var arrivingSections = stage.sectionInserted.map {
      (index: $0.index, section: Section(shell: $0.node, items: $0.node.items))
    }
    for move in stage.sectionMoved {
      guard let section = travellingSections[move.id] else { throw misfit }
      arrivingSections.append((move.target, section))
    }
    for arrival in arrivingSections.sorted(by: { $0.index < $1.index }) {
      guard arrival.index <= sections.count else { throw misfit }
      sections.insert(arrival.section, at: arrival.index)
    }
    var arrivingItems = stage.itemInserted.map { (path: $0.path, node: $0.node) }
    for move in stage.itemMoved {
      guard let node = travellingItems[move.id] else { throw misfit }
      arrivingItems.append((move.target, node))
    }
    for arrival in arrivingItems.sorted(by: {
      ($0.path.section, $0.path.element) < ($1.path.section, $1.path.element)
    }) {
      let path = arrival.path
      guard sections.indices.contains(path.section),
        path.element <= sections[path.section].items.count
      else { throw misfit }
      sections[path.section].items.insert(arrival.node, at: path.element)
    }
    return try landed(stage, misfit: misfit)
  }

  /// The batch for `stage`, now applied, with each reload's landing place, checked to be its
  /// own item or section as UIKit would place it.
  private func landed(_ stage: WireStage, misfit: BatchPlanError) throws(BatchPlanError)
    -> FeedBatch
  {
    let sectionDeletes = stage.sectionDeleted.map(\.index)
    let sectionInserts = stage.sectionInserted.map(\.index)
    var sectionReloads: [SectionReload] = []
    for update in stage.sectionUpdated {
      let to = Self.landing(of: update.index, deletes: sectionDeletes, inserts: sectionInserts)
      guard sections.indices.contains(to), sections[to].shell.id == update.id else {
        throw misfit
      }
      sectionReloads.append(SectionReload(id: update.id, from: update.index, to: to))
    }
    var itemReloads: [ItemReload] = []
    for update in stage.itemUpdated {
      let section = Self.landing(
        of: update.path.section, deletes: sectionDeletes, inserts: sectionInserts)
      let element = Self.landing(
        of: update.path.element,
        deletes: stage.itemDeleted.filter { $0.path.section == update.path.section }
          .map(\.path.element),
        inserts: stage.itemInserted.filter { $0.path.section == section }.map(\.path.element))
      let to = ElementPath(section: section, element: element)
      guard item(at: to)?.id == update.id else { throw misfit }
      itemReloads.append(
        ItemReload(id: update.id, sectionID: update.sectionID, from: update.path, to: to))
    }
    return FeedBatch(
      sections: sections.map(\.node),
      sectionDeletes: stage.sectionDeleted,
      sectionInserts: stage.sectionInserted.map { SectionChange(id: $0.id, index: $0.index) },
      sectionReloads: sectionReloads,
      sectionMoves: stage.sectionMoved,
      itemDeletes: stage.itemDeleted,
      itemInserts: stage.itemInserted.map {
        ElementChange(id: $0.id, sectionID: $0.sectionID, path: $0.path)
      },
      itemReloads: itemReloads,
      itemMoves: stage.itemMoved)
  }

  /// Where UIKit puts what stood at `index` before a batch: one place earlier per delete before
  /// it, then one place later per insert at or before where it got to, in ascending order.
  static func landing(of index: Int, deletes: [Int], inserts: [Int]) -> Int {
    var result = index - deletes.filter { $0 < index }.count
    for insert in inserts.sorted() where insert <= result { result += 1 }
    return result
  }

  private func item(at path: ElementPath) -> ItemNode? {
    guard sections.indices.contains(path.section),
      sections[path.section].items.indices.contains(path.element)
    else { return nil }
    return sections[path.section].items[path.element]
  }
}
