import FeedDiff
import FeedVocabulary
import Testing

/// How changes are split into stages.
struct StagingTests {
  @Test func equalFeedsGiveNoStages() throws {
    let feed = [group("A", ["a", "b"])]
    let changeset = try StagedChangeset(source: feed, target: feed)
    #expect(changeset.isEmpty)
    #expect(changeset.summary.isEmpty)
  }

  @Test func aPureUpdateIsOneStage() throws {
    let old = [Group("A", title: "x", [Item("a", "1")]), Group("B", [Item("b", "1")])]
    let new = [Group("A", title: "y", [Item("a", "1")]), Group("B", [Item("b", "2")])]
    let changeset = try StagedChangeset(source: old, target: new)
    #expect(changeset.count == 1)
    #expect(changeset[0].elementUpdated.map(\.id) == ["b"])
    #expect(changeset[0].sectionUpdated.map(\.id) == ["A"])
  }

  @Test func aSectionUpdateIsNotInTheStageThatUpdatesItemsOfThatSection() throws {
    let old = [Group("A", title: "x", [Item("a", "1"), Item("b", "1")])]
    let new = [Group("A", title: "y", [Item("a", "2"), Item("b", "1")])]
    let changeset = try StagedChangeset(source: old, target: new)
    #expect(changeset.map(\.sectionUpdated.count) == [1, 0])
    #expect(changeset.map(\.elementUpdated.count) == [0, 1])
  }

  @Test func anUpdateIsInAnEarlierStageThanAnyMove() throws {
    let old = [group("A", ["x", "y"])]
    let new = [Group("A", [Item("y"), Item("x", "new")])]
    let changeset = try StagedChangeset(source: old, target: new)
    #expect(changeset.count == 2)
    #expect(changeset[0].elementUpdated.map(\.id) == ["x"])
    #expect(changeset[0].elementMoved.isEmpty)
    #expect(changeset[1].elementMoved.count == 1)
  }

  @Test func anUpdateSharesTheStageOfDeletesAndInsertsWhenNothingMoves() throws {
    let old = [group("A", ["a", "b", "c"])]
    let new = [Group("A", [Item("n"), Item("a"), Item("c", "new")])]
    let changeset = try StagedChangeset(source: old, target: new)
    #expect(changeset.count == 1)
    #expect(changeset[0].elementUpdated.map(\.path) == [ElementPath(section: 0, element: 2)])
  }

  @Test func aSectionUpdateJoinsTheStageAfterTheItemUpdatesWhenThatOneLeavesItsSectionAlone()
    throws
  {
    let old = [Group("A", title: "x", [Item("a", "1")]), group("B", ["b", "c"])]
    let new = [Group("A", title: "y", [Item("a", "2")]), group("B", ["c", "b"])]
    let changeset = try StagedChangeset(source: old, target: new)
    #expect(changeset.count == 2)
    #expect(changeset[0].elementUpdated.map(\.id) == ["a"])
    #expect(changeset[1].sectionUpdated.map(\.id) == ["A"])
    #expect(changeset[1].elementMoved.count == 1)
  }

  @Test func deletesUseOldIndicesAndInsertsUseNewIndices() throws {
    let changeset = try StagedChangeset(
      source: [group("A", ["a", "b", "c"])], target: [group("A", ["a", "c", "x", "y"])])
    #expect(changeset.count == 1)
    #expect(changeset[0].elementDeleted.map(\.path) == [ElementPath(section: 0, element: 1)])
    #expect(
      changeset[0].elementInserted.map(\.path) == [
        ElementPath(section: 0, element: 2), ElementPath(section: 0, element: 3),
      ])
  }

  @Test func itemsOfAnInsertedSectionArriveWithTheSection() throws {
    let changeset = try StagedChangeset(
      source: [group("A", ["a"])], target: [group("N", ["n1", "n2"]), group("A", ["a"])])
    #expect(changeset.flatMap(\.sectionInserted) == [SectionChange(id: "N", index: 0)])
    #expect(changeset.allSatisfy { $0.elementInserted.isEmpty })
    #expect(changeset.summary == ChangeSummary(added: 3))
  }

  @Test func theSummaryCountsItemsOfDeletedSectionsAsRemoved() throws {
    let changeset = try StagedChangeset(
      source: [group("A", ["a"]), group("B", ["b1", "b2"])], target: [group("A", ["a"])])
    #expect(changeset.summary == ChangeSummary(removed: 3))
  }

  @Test func anItemLeavingADeletedSectionMovesOutBeforeTheSectionIsDeleted() throws {
    let changeset = try StagedChangeset(
      source: [group("A", ["a"]), group("D", ["d1", "d2"])], target: [group("A", ["a", "d1"])])
    let moveStage = try #require(changeset.firstIndex { !$0.elementMoved.isEmpty })
    let deleteStage = try #require(changeset.firstIndex { !$0.sectionDeleted.isEmpty })
    #expect(changeset[moveStage].elementMoved.map(\.sourceSectionID) == ["D"])
    #expect(moveStage < deleteStage)
    #expect(changeset.summary == ChangeSummary(removed: 2, moved: 1))
  }

  @Test func anItemJoiningAnInsertedSectionMovesInAfterTheSectionIsInserted() throws {
    let changeset = try StagedChangeset(
      source: [group("A", ["a", "b"])], target: [group("A", ["a"]), group("N", ["b", "n"])])
    let insertStage = try #require(changeset.firstIndex { !$0.sectionInserted.isEmpty })
    let moveStage = try #require(changeset.firstIndex { !$0.elementMoved.isEmpty })
    #expect(changeset[moveStage].elementMoved.map(\.targetSectionID) == ["N"])
    #expect(insertStage < moveStage)
    #expect(changeset.summary == ChangeSummary(added: 2, moved: 1))
  }
}
