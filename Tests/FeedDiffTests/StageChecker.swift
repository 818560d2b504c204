import FeedDiff

/// Checks stages against the batch-update rules of `docs/diff.md`, independently of `apply`.
///
/// It reads the feed before a stage and the stage's own `data` as the feed after it, and reports
/// every rule the stage breaks as a sentence. An empty result means the stage is valid.
enum StageChecker {
  /// Problems in every stage of `changeset`, each stage checked against the previous stage's data.
  static func problems(in changeset: StagedChangeset<Group>) -> [String] {
    var pre = changeset.source
    var problems: [String] = []
    for (index, stage) in changeset.stages.enumerated() {
      problems += self.problems(in: stage, after: pre).map { "stage \(index + 1): \($0)" }
      pre = stage.data
    }
    return problems
  }

  static func problems(in stage: Changeset<Group>, after pre: [Group]) -> [String] {
    let post = stage.data
    var problems: [String] = []

    // Sections leaving their place, by pre-stage index.
    var deleted = Set<Int>()
    var moveSources = Set<Int>()
    for change in stage.sectionDeleted {
      if !pre.indices.contains(change.index) || pre[change.index].id != change.id {
        problems.append("section delete \(change.index) is not \(change.id) before the stage")
      }
      if !deleted.insert(change.index).inserted {
        problems.append("section \(change.index) is deleted twice")
      }
    }
    for move in stage.sectionMoved {
      if !pre.indices.contains(move.source) || pre[move.source].id != move.id {
        problems.append("section move source \(move.source) is not \(move.id) before the stage")
      }
      if deleted.contains(move.source) || !moveSources.insert(move.source).inserted {
        problems.append("section \(move.source) leaves twice")
      }
    }
    for change in stage.sectionUpdated {
      if !pre.indices.contains(change.index) || pre[change.index].id != change.id {
        problems.append("section update \(change.index) is not \(change.id) before the stage")
      }
      if deleted.contains(change.index) || moveSources.contains(change.index) {
        problems.append("section \(change.id) is updated and deleted or moved in one stage")
      }
    }

    // Sections arriving, by post-stage index.
    var inserted = Set<Int>()
    var moveTargets = Set<Int>()
    for change in stage.sectionInserted {
      if !post.indices.contains(change.index) || post[change.index].id != change.id {
        problems.append("section insert \(change.index) is not \(change.id) after the stage")
      }
      if !inserted.insert(change.index).inserted {
        problems.append("two sections are inserted at \(change.index)")
      }
    }
    for move in stage.sectionMoved {
      if !post.indices.contains(move.target) || post[move.target].id != move.id {
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
        if pre[s].id != post[t].id {
          problems.append("section \(pre[s].id) does not keep its place among unmoved sections")
        }
      }
    } else {
      problems.append("\(staying.count) sections stay but \(open.count) places are left for them")
    }

    // Items leaving, by pre-stage path.
    var leaving: [ElementPath: Int] = [:]
    var touched = Set<ElementPath>()
    func checkPre(_ path: ElementPath, _ id: String, _ sectionID: String, _ what: String) {
      guard pre.indices.contains(path.section),
        pre[path.section].elements.indices.contains(path.element),
        pre[path.section].elements[path.element].id == id, pre[path.section].id == sectionID
      else {
        problems.append("\(what) \(path) is not \(id) in \(sectionID) before the stage")
        return
      }
      if deleted.contains(path.section) || moveSources.contains(path.section) {
        problems.append("\(what) \(id) is inside a section this stage deletes or moves")
      }
      if !touched.insert(path).inserted {
        problems.append("item \(id) changes twice in one stage (e.g. moved and updated)")
      }
    }
    for change in stage.elementDeleted {
      checkPre(change.path, change.id, change.sectionID, "item delete")
      leaving[change.path] = 1
    }
    for move in stage.elementMoved {
      checkPre(move.source, move.id, move.sourceSectionID, "item move source")
      leaving[move.source] = 1
    }
    for change in stage.elementUpdated {
      checkPre(change.path, change.id, change.sectionID, "item update")
    }

    // Items arriving, by post-stage path.
    var arriving = Set<ElementPath>()
    func checkPost(_ path: ElementPath, _ id: String, _ sectionID: String, _ what: String) {
      guard post.indices.contains(path.section),
        post[path.section].elements.indices.contains(path.element),
        post[path.section].elements[path.element].id == id, post[path.section].id == sectionID
      else {
        problems.append("\(what) \(path) is not \(id) in \(sectionID) after the stage")
        return
      }
      if inserted.contains(path.section) || moveTargets.contains(path.section) {
        problems.append("\(what) \(id) is inside a section this stage inserts or moves")
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
        leaving[ElementPath(section: s, element: $0)] != nil
      }
      let arrives = post[t].elements.indices.filter {
        arriving.contains(ElementPath(section: t, element: $0))
      }
      let expected = pre[s].elements.count - leaves.count + arrives.count
      guard post[t].elements.count == expected else {
        problems.append(
          "count rule: section \(post[t].id) has \(post[t].elements.count) items after the "
            + "stage, expected \(pre[s].elements.count) - \(leaves.count) + \(arrives.count)")
        continue
      }
      let before = pre[s].elements.indices.filter { !leaves.contains($0) }.map {
        pre[s].elements[$0].id
      }
      let after = post[t].elements.indices.filter { !arrives.contains($0) }.map {
        post[t].elements[$0].id
      }
      if before != after {
        problems.append("items of section \(post[t].id) that stay do not keep their order")
      }
    }
    return problems
  }
}
