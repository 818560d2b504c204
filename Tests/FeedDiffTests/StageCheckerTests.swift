import FeedDiff
import StageCheckSupport
import Testing

/// The checker must reject broken stages, or the property test proves nothing.
struct StageCheckerTests {
  let before = [group("A", ["a", "b", "c"]), group("B", ["d"])]

  @Test func acceptsAHandWrittenValidStage() {
    let stage = Changeset(
      data: [group("A", ["c", "a", "x"]), group("B", ["d"])],
      elementDeleted: [
        ElementChange(id: "b", sectionID: "A", path: ElementPath(section: 0, element: 1))
      ],
      elementInserted: [
        ElementChange(id: "x", sectionID: "A", path: ElementPath(section: 0, element: 2))
      ],
      elementMoved: [
        ElementMove(
          id: "c", sourceSectionID: "A", source: ElementPath(section: 0, element: 2),
          targetSectionID: "A", target: ElementPath(section: 0, element: 0))
      ])
    #expect(StageChecker.problems(in: stage, after: before).isEmpty)
  }

  @Test func rejectsAnItemThatAppearsWithoutAnInsert() {
    let stage = Changeset(data: [group("A", ["a", "b", "c", "x"]), group("B", ["d"])])
    let problems = StageChecker.problems(in: stage, after: before)
    #expect(problems.contains { $0.hasPrefix("count rule") })
  }

  @Test func rejectsAnItemMovedAndUpdatedInOneStage() {
    let stage = Changeset(
      data: [group("A", ["b", "a", "c"]), group("B", ["d"])],
      elementUpdated: [
        ElementChange(id: "a", sectionID: "A", path: ElementPath(section: 0, element: 0))
      ],
      elementMoved: [
        ElementMove(
          id: "a", sourceSectionID: "A", source: ElementPath(section: 0, element: 0),
          targetSectionID: "A", target: ElementPath(section: 0, element: 1))
      ])
    let problems = StageChecker.problems(in: stage, after: before)
    #expect(problems.contains { $0.contains("changes twice") })
  }

  @Test func rejectsAnItemInsertInsideASectionInsertedByTheSameStage() {
    let stage = Changeset(
      data: before + [group("C", ["y"])],
      sectionInserted: [SectionChange(id: "C", index: 2)],
      elementInserted: [
        ElementChange(id: "y", sectionID: "C", path: ElementPath(section: 2, element: 0))
      ])
    let problems = StageChecker.problems(in: stage, after: before)
    #expect(problems.contains { $0.contains("inside a section this stage inserts") })
  }

  @Test func rejectsADeleteWhosePreStageIndexHoldsAnotherItem() {
    let stage = Changeset(
      data: [group("A", ["a", "b"]), group("B", ["d"])],
      elementDeleted: [
        ElementChange(id: "c", sectionID: "A", path: ElementPath(section: 0, element: 1))
      ])
    let problems = StageChecker.problems(in: stage, after: before)
    #expect(problems.contains { $0.hasPrefix("item delete") })
  }

  @Test func rejectsASectionDeleteThatLeavesTheSectionCountWrong() {
    let stage = Changeset(data: before, sectionDeleted: [SectionChange(id: "B", index: 1)])
    let problems = StageChecker.problems(in: stage, after: before)
    #expect(problems.contains { $0.hasPrefix("section count rule") })
  }

  @Test func rejectsItemsThatStayButChangeOrder() {
    let stage = Changeset(data: [group("A", ["b", "a", "c"]), group("B", ["d"])])
    let problems = StageChecker.problems(in: stage, after: before)
    #expect(problems.contains { $0.contains("do not keep their order") })
  }

  @Test func rejectsAnItemMovingOutOfASectionTheSameStageDeletes() {
    let stage = Changeset(
      data: [group("A", ["a", "b", "c", "d"])],
      sectionDeleted: [SectionChange(id: "B", index: 1)],
      elementMoved: [
        ElementMove(
          id: "d", sourceSectionID: "B", source: ElementPath(section: 1, element: 0),
          targetSectionID: "A", target: ElementPath(section: 0, element: 3))
      ])
    let problems = StageChecker.problems(in: stage, after: before)
    #expect(problems.contains { $0.contains("inside a section this stage deletes") })
  }

  // UIKit reloads as a delete plus an insert at a place computed without the batch's moves.

  private func move(_ id: String, _ from: Int, _ to: Int, in section: String = "A")
    -> ElementMove<String, String>
  {
    ElementMove(
      id: id, sourceSectionID: section, source: ElementPath(section: 0, element: from),
      targetSectionID: section, target: ElementPath(section: 0, element: to))
  }

  private func reload(_ id: String, _ at: Int) -> ElementChange<String, String> {
    ElementChange(id: id, sectionID: "A", path: ElementPath(section: 0, element: at))
  }

  @Test func rejectsAReloadWhoseInsertMeetsAMoveTarget() {
    // [x, y] → [y, x']: UIKit puts the reload of x back at 0, where y moves to.
    let stage = Changeset(
      data: [group("A", ["y", "x"])], elementUpdated: [reload("x", 0)],
      elementMoved: [move("y", 1, 0)])
    let problems = StageChecker.problems(in: stage, after: [group("A", ["x", "y"])])
    #expect(problems.contains { $0.contains("an insert and a move to the same index path") })
  }

  @Test func rejectsAReloadThatAMoveShiftsOntoAnotherItem() {
    let stage = Changeset(
      data: [group("A", ["c", "a", "b"]), group("B", ["d"])], elementUpdated: [reload("b", 1)],
      elementMoved: [move("c", 2, 0)])
    let problems = StageChecker.problems(in: stage, after: before)
    #expect(problems.contains { $0.contains("where UIKit would show another item") })
  }

  @Test func acceptsAReloadBesideDeletesAndInserts() {
    let stage = Changeset(
      data: [group("A", ["b", "c", "x"]), group("B", ["d"])],
      elementDeleted: [reload("a", 0)],
      elementInserted: [
        ElementChange(id: "x", sectionID: "A", path: ElementPath(section: 0, element: 2))
      ],
      elementUpdated: [reload("c", 2)])
    #expect(StageChecker.problems(in: stage, after: before).isEmpty)
  }

  @Test func rejectsASectionReloadWithAnItemInsertInThatSection() {
    let stage = Changeset(
      data: [group("A", ["a", "b", "c", "x"]), group("B", ["d"])],
      sectionUpdated: [SectionChange(id: "A", index: 0)],
      elementInserted: [
        ElementChange(id: "x", sectionID: "A", path: ElementPath(section: 0, element: 3))
      ])
    let problems = StageChecker.problems(in: stage, after: before)
    #expect(problems.contains { $0.contains("inside a section this stage inserts, reloads") })
  }

  @Test func rejectsASectionReloadThatASectionMoveShifts() {
    let stage = Changeset(
      data: [group("B", ["d"]), group("A", ["a", "b", "c"])],
      sectionUpdated: [SectionChange(id: "A", index: 0)],
      sectionMoved: [SectionMove(id: "B", source: 1, target: 0)])
    let problems = StageChecker.problems(in: stage, after: before)
    #expect(problems.contains { $0.contains("section reload A lands at 0") })
  }

  @Test func acceptsASectionReloadBesideASectionDelete() {
    let stage = Changeset(
      data: [group("B", ["d"])], sectionDeleted: [SectionChange(id: "A", index: 0)],
      sectionUpdated: [SectionChange(id: "B", index: 1)])
    #expect(StageChecker.problems(in: stage, after: before).isEmpty)
  }
}
