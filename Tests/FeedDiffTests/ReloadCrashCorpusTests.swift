import FeedDiff
import StageCheckSupport
import Testing

/// Feed pairs whose changesets UIKit used to crash on or draw wrongly, because a reload shared a
/// batch with a move or with other changes in its section (IGListKit #690, openradar 27041784).
/// Each must now give stages that UIKit applies as the diff means them.
struct ReloadCrashCorpusTests {
  struct Shape: CustomTestStringConvertible, Sendable {
    let name: String
    let old: [Group]
    let new: [Group]

    var testDescription: String { name }
  }

  static let shapes: [Shape] = [
    Shape(
      name: "[x, y] → [y, x']: the reload of x lands where y moves to",
      old: [group("A", ["x", "y"])], new: [Group("A", [Item("y"), Item("x", "'")])]),
    Shape(
      name: "a move to the end shifts a reload onto the move target",
      old: [group("A", ["a", "b", "c"])],
      new: [Group("A", [Item("b"), Item("c", "'"), Item("a")])]),
    Shape(
      name: "a move to the front shifts a reload onto another item",
      old: [group("A", ["a", "b", "c"])],
      new: [Group("A", [Item("c"), Item("a"), Item("b", "'")])]),
    Shape(
      name: "a section reload with an item insert in that section",
      old: [group("A", ["a"])], new: [Group("A", title: "'", [Item("a"), Item("n")])]),
    Shape(
      name: "a section reload with an item reload in that section",
      old: [group("A", ["a", "b"])], new: [Group("A", title: "'", [Item("a", "'"), Item("b")])]),
    Shape(
      name: "a reload in a section that also gets deletes, beside a move elsewhere",
      old: [group("A", ["a", "b", "c"]), group("B", ["d", "e"])],
      new: [Group("A", [Item("c", "'")]), group("B", ["e", "d"])]),
    Shape(
      name: "a cross-section move and a reload in the section it leaves",
      old: [group("A", ["a", "b"]), group("B", ["c"])],
      new: [Group("A", [Item("b", "'")]), group("B", ["a", "c"])]),
    Shape(
      name: "a cross-section move into a section whose header changes",
      old: [group("A", ["a", "b"]), group("B", ["c"])],
      new: [group("A", ["a"]), Group("B", title: "'", [Item("b"), Item("c")])]),
    Shape(
      name: "a section reload beside a section move",
      old: [group("A", ["a"]), group("B", ["b"])],
      new: [group("B", ["b"]), Group("A", title: "'", [Item("a")])]),
    Shape(
      name: "a section reload after an inserted section",
      old: [group("A", ["a"])], new: [group("N", ["n"]), Group("A", title: "'", [Item("a", "'")])]),
    Shape(
      name: "a reload after a deleted section",
      old: [group("D", ["d"]), group("A", ["a", "b"])],
      new: [Group("A", [Item("a", "'"), Item("n")])]),
    Shape(
      name: "an updated item leaving a deleted section for an inserted one",
      old: [group("D", ["d1", "d2"]), group("A", ["a"])],
      new: [Group("A", title: "'", [Item("a", "'")]), Group("N", [Item("d1", "'")])]),
    Shape(
      name: "reloads on both sides of a moved item",
      old: [group("A", ["a", "b", "c", "d"])],
      new: [Group("A", [Item("a", "'"), Item("d"), Item("b"), Item("c", "'")])]),
  ]

  @Test(arguments: shapes)
  func uikitAppliesEveryStageAsTheDiffMeansIt(_ shape: Shape) throws {
    let changeset = try StagedChangeset(source: shape.old, target: shape.new)
    #expect(StageChecker.problems(in: changeset) == [])
    #expect(try apply(changeset, to: shape.old) == shape.new)
  }

  @Test(arguments: shapes)
  func noItemReloadSharesAStageWithAMove(_ shape: Shape) throws {
    let changeset = try StagedChangeset(source: shape.old, target: shape.new)
    for stage in changeset where !stage.elementUpdated.isEmpty {
      #expect(stage.elementMoved.isEmpty && stage.sectionMoved.isEmpty)
    }
  }

  @Test(arguments: shapes)
  func noSectionReloadSharesAStageWithASectionMove(_ shape: Shape) throws {
    let changeset = try StagedChangeset(source: shape.old, target: shape.new)
    for stage in changeset where !stage.sectionUpdated.isEmpty {
      #expect(stage.sectionMoved.isEmpty)
    }
  }
}
