import FeedDiff

/// Checks stages against the batch-update rules of `docs/diff.md` as UIKit really applies them,
/// independently of `apply`.
///
/// UIKit carries out a reload inside `performBatchUpdates` as a delete at the old index path (or
/// section index) and an insert at a new one it computes from the batch's deletes and inserts
/// alone, ignoring moves. The checker does the same: it first rewrites every `sectionUpdated` and
/// `elementUpdated` into that delete and insert, then checks the rewritten stage with the plain
/// batch rules, reading the feed before the stage and the stage's own `data` as the feed after
/// it. Every rule the stage breaks is reported as a sentence; an empty result means UIKit applies
/// the stage as the diff means it.
///
/// Generic over the section type, so the diff's own tests and the client's tests (the batches it
/// hands an app) are checked by the one set of rules.
public enum StageChecker<Section: DifferentiableSection> {
  /// Problems in every stage of `changeset`, each stage checked against the previous stage's data.
  public static func problems(in changeset: StagedChangeset<Section>) -> [String] {
    var pre = changeset.source
    var problems: [String] = []
    for (index, stage) in changeset.stages.enumerated() {
      problems += self.problems(in: stage, after: pre).map { "stage \(index + 1): \($0)" }
      pre = stage.data
    }
    return problems
  }

  public static func problems(in stage: Changeset<Section>, after pre: [Section]) -> [String] {
    var problems: [String] = []
    let applied = reloadsAsUIKitApplies(stage, after: pre, problems: &problems)
    return problems + batchProblems(in: applied, after: pre)
  }

  /// `stage` with every reload replaced by the delete and the insert UIKit performs for it.
  public static func reloadsAsUIKitApplies(
    _ stage: Changeset<Section>, after pre: [Section], problems: inout [String]
  ) -> Changeset<Section> {
    let post = stage.data
    var applied = stage
    applied.sectionUpdated = []
    applied.elementUpdated = []
    let sectionDeletes = stage.sectionDeleted.map(\.index)
    let sectionInserts = stage.sectionInserted.map(\.index)
    let moveTargets = Set(stage.sectionMoved.map(\.target))
    for change in stage.sectionUpdated {
      let index = newIndex(of: change.index, deletes: sectionDeletes, inserts: sectionInserts)
      if moveTargets.contains(index) {
        problems.append("section reload \(change.id) lands at \(index), where a section moves to")
      } else if !post.indices.contains(index) || post[index].differenceIdentifier != change.id {
        problems.append(
          "section reload \(change.id) at \(change.index) lands at \(index), where UIKit would "
            + "show another section (moves are not counted)")
      }
      applied.sectionDeleted.append(change)
      applied.sectionInserted.append(SectionChange(id: change.id, index: index))
    }

    let itemMoveTargets = Set(stage.elementMoved.map(\.target))
    for change in stage.elementUpdated {
      let section = newIndex(
        of: change.path.section, deletes: sectionDeletes, inserts: sectionInserts)
      let element = newIndex(
        of: change.path.element,
        deletes: stage.elementDeleted.map(\.path).filter { $0.section == change.path.section }
          .map(\.element),
        inserts: stage.elementInserted.map(\.path).filter { $0.section == section }.map(\.element))
      let path = ElementPath(section: section, element: element)
      if itemMoveTargets.contains(path) {
        problems.append("attempt to perform an insert and a move to the same index path \(path)")
      } else if !post.indices.contains(section) || !post[section].elements.indices.contains(element)
        || post[section].elements[element].differenceIdentifier != change.id
      {
        problems.append(
          "item reload \(change.id) at \(change.path) lands at \(path), where UIKit would show "
            + "another item (moves are not counted)")
      }
      applied.elementDeleted.append(change)
      applied.elementInserted.append(
        ElementChange(id: change.id, sectionID: change.sectionID, path: path))
    }
    return applied
  }

  /// Where UIKit puts what stood at `index` before a batch: one place earlier per delete before
  /// it, then one place later per insert at or before where it got to, in ascending order.
  public static func newIndex(of index: Int, deletes: [Int], inserts: [Int]) -> Int {
    var result = index - deletes.filter { $0 < index }.count
    for insert in inserts.sorted() where insert <= result { result += 1 }
    return result
  }

  /// Problems of a stage without reloads under the plain batch rules.
  public static func batchProblems(in stage: Changeset<Section>, after pre: [Section]) -> [String] {
    let post = stage.data
    var problems: [String] = []

    // Sections leaving their place, by pre-stage index.
    var deleted = Set<Int>()
    var moveSources = Set<Int>()
    for change in stage.sectionDeleted {
      if !pre.indices.contains(change.index) || pre[change.index].differenceIdentifier != change.id
      {
        problems.append("section delete \(change.index) is not \(change.id) before the stage")
      }
      if !deleted.insert(change.index).inserted {
        problems.append("section \(change.index) is deleted twice (or deleted and reloaded)")
      }
    }
    for move in stage.sectionMoved {
      if !pre.indices.contains(move.source) || pre[move.source].differenceIdentifier != move.id {
        problems.append("section move source \(move.source) is not \(move.id) before the stage")
      }
      if deleted.contains(move.source) || !moveSources.insert(move.source).inserted {
        problems.append("section \(move.source) leaves twice (e.g. moved and reloaded)")
      }
    }

    // Sections arriving, by post-stage index.
    var inserted = Set<Int>()
    var moveTargets = Set<Int>()
    for change in stage.sectionInserted {
      if !post.indices.contains(change.index)
        || post[change.index].differenceIdentifier != change.id
      {
        problems.append("section insert \(change.index) is not \(change.id) after the stage")
      }
      if !inserted.insert(change.index).inserted {
        problems.append("two sections are inserted at \(change.index)")
      }
    }
    for move in stage.sectionMoved {
      if !post.indices.contains(move.target) || post[move.target].differenceIdentifier != move.id {
        problems.append("section move target \(move.target) is not \(move.id) after the stage")
      }
      if inserted.contains(move.target) || !moveTargets.insert(move.target).inserted {
        problems.append("two sections arrive at \(move.target)")
      }
    }
    if post.count != pre.count - deleted.count + inserted.count {
      problems.append(
        "section count rule: \(post.count) after, expected \(pre.count) - \(deleted.count) + "
          + "\(inserted.count)")
    }

    // Which pre-stage section continues as which post-stage section.
    var continues: [Int: Int] = [:]
    for move in stage.sectionMoved { continues[move.source] = move.target }
    let staying = pre.indices.filter { !deleted.contains($0) && !moveSources.contains($0) }
    let open = post.indices.filter { !inserted.contains($0) && !moveTargets.contains($0) }
    if staying.count == open.count {
      for (s, t) in zip(staying, open) {
        continues[s] = t
        if pre[s].differenceIdentifier != post[t].differenceIdentifier {
          problems.append(
            "section \(pre[s].differenceIdentifier) does not keep its place among unmoved sections")
        }
      }
    } else {
      problems.append("\(staying.count) sections stay but \(open.count) places are left for them")
    }

    // Items leaving, by pre-stage path.
    var leaving = Set<ElementPath>()
    func checkPre(
      _ path: ElementPath, _ id: Section.Element.DifferenceIdentifier,
      _ sectionID: Section.DifferenceIdentifier, _ what: String
    ) {
      guard pre.indices.contains(path.section),
        pre[path.section].elements.indices.contains(path.element),
        pre[path.section].elements[path.element].differenceIdentifier == id,
        pre[path.section].differenceIdentifier == sectionID
      else {
        problems.append("\(what) \(path) is not \(id) in \(sectionID) before the stage")
        return
      }
      if deleted.contains(path.section) || moveSources.contains(path.section) {
        problems.append(
          "\(what) \(id) is inside a section this stage deletes, reloads or moves")
      }
      if !leaving.insert(path).inserted {
        problems.append("item \(id) changes twice in one stage (e.g. moved and reloaded)")
      }
    }
    for change in stage.elementDeleted {
      checkPre(change.path, change.id, change.sectionID, "item delete")
    }
    for move in stage.elementMoved {
      checkPre(move.source, move.id, move.sourceSectionID, "item move source")
    }

    // Items arriving, by post-stage path.
    var arriving = Set<ElementPath>()
    func checkPost(
      _ path: ElementPath, _ id: Section.Element.DifferenceIdentifier,
      _ sectionID: Section.DifferenceIdentifier, _ what: String
    ) {
      guard post.indices.contains(path.section),
        post[path.section].elements.indices.contains(path.element),
        post[path.section].elements[path.element].differenceIdentifier == id,
        post[path.section].differenceIdentifier == sectionID
      else {
        problems.append("\(what) \(path) is not \(id) in \(sectionID) after the stage")
        return
      }
      if inserted.contains(path.section) || moveTargets.contains(path.section) {
        problems.append(
          "\(what) \(id) is inside a section this stage inserts, reloads or moves")
      }
      if !arriving.insert(path).inserted {
        problems.append("two items arrive at \(path)")
      }
    }
    for change in stage.elementInserted {
      checkPost(change.path, change.id, change.sectionID, "item insert")
    }
    for move in stage.elementMoved {
      checkPost(move.target, move.id, move.targetSectionID, "item move target")
    }

    // Per-section count rule, then the order of the items that stay.
    for (s, t) in continues.sorted(by: { $0.key < $1.key }) {
      let leaves = pre[s].elements.indices.filter {
        leaving.contains(ElementPath(section: s, element: $0))
      }
      let arrives = post[t].elements.indices.filter {
        arriving.contains(ElementPath(section: t, element: $0))
      }
      let expected = pre[s].elements.count - leaves.count + arrives.count
      guard post[t].elements.count == expected else {
        problems.append(
          "count rule: section \(post[t].differenceIdentifier) has \(post[t].elements.count) items after the "
            + "stage, expected \(pre[s].elements.count) - \(leaves.count) + \(arrives.count)")
        continue
      }
      let before = pre[s].elements.indices.filter { !leaves.contains($0) }.map {
        pre[s].elements[$0].differenceIdentifier
      }
      let after = post[t].elements.indices.filter { !arrives.contains($0) }.map {
        post[t].elements[$0].differenceIdentifier
      }
      if before != after {
        problems.append(
          "items of section \(post[t].differenceIdentifier) that stay do not keep their order")
      }
    }
    return problems
  }
}
