import AccountFeedClient
import FeedComponents
import FeedDiff
import FeedWire
import StageCheckSupport

/// Checks the batches of a run of updates with the independent UIKit stage checker: each batch
/// against the model before it (the previous batch's sections, or the previous version), and the
/// last batch against the document delivered.
enum BatchCheck {
  static func problems(in updates: [FeedUpdate]) -> [String] {
    var problems: [String] = []
    var previous: FeedDocument?
    for (number, update) in updates.enumerated() {
      if let previous {
        problems += self.problems(from: previous, to: update).map { "update \(number + 1): \($0)" }
      }
      previous = update.document
    }
    return problems
  }

  static func problems(from previous: FeedDocument, to update: FeedUpdate) -> [String] {
    var pre = DiffSection.sections(of: previous)
    var problems: [String] = []
    for (number, batch) in update.batches.enumerated() {
      let stage = Changeset(
        data: batch.sections.map(DiffSection.init),
        sectionDeleted: batch.sectionDeletes, sectionInserted: batch.sectionInserts,
        sectionUpdated: batch.sectionReloads.map { SectionChange(id: $0.id, index: $0.from) },
        sectionMoved: batch.sectionMoves, elementDeleted: batch.itemDeletes,
        elementInserted: batch.itemInserts,
        elementUpdated: batch.itemReloads.map {
          ElementChange(id: $0.id, sectionID: $0.sectionID, path: $0.from)
        },
        elementMoved: batch.itemMoves)
      problems += StageChecker<DiffSection>.problems(in: stage, after: pre).map {
        "batch \(number + 1): \($0)"
      }
      for reload in batch.itemReloads {
        let sections = batch.sections
        let landed =
          sections.indices.contains(reload.to.section)
          && sections[reload.to.section].items.indices.contains(reload.to.element)
          && sections[reload.to.section].items[reload.to.element].id == reload.id
        if !landed {
          problems.append("batch \(number + 1): \(reload.id) does not land at \(reload.to)")
        }
      }
      pre = stage.data
    }
    if let last = update.batches.last, last.sections != update.document.sections {
      problems.append("the last batch's sections are not the document delivered")
    }
    if update.batches.isEmpty, previous.sections != update.document.sections,
      update.source != .cache
    {
      problems.append("a changed document came without batches")
    }
    return problems
  }
}
