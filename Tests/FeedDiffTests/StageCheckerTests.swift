import FeedDiff
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
}
