import FeedDiff
import Testing

/// Only elements out of order relative to the ones that stay are reported as moved.
struct MinimalMoveTests {
  private func moves(_ old: [Group], _ new: [Group]) throws -> [ElementMove<String, String>] {
    try StagedChangeset(source: old, target: new).flatMap(\.elementMoved)
  }

  @Test func lastOfAHundredThousandItemsMovedToTheFrontIsOneMove() throws {
    let items = ids("i", 100_000)
    let moved = try moves([group("A", items)], [group("A", [items.last!] + items.dropLast())])
    #expect(moved.map(\.id) == [items.last!])
  }

  @Test func deletesAndInsertsAloneReportNoMoves() throws {
    let items = ids("i", 100)
    let new = ["x"] + items.enumerated().filter { $0.offset % 3 != 0 }.map(\.element) + ["y"]
    #expect(try moves([group("A", items)], [group("A", new)]).isEmpty)
  }

  @Test func fullReversalMovesAllButOne() throws {
    let items = ids("i", 50)
    #expect(try moves([group("A", items)], [group("A", items.reversed())]).count == 49)
  }

  @Test func anItemChangingSectionIsAMoveNotADeleteAndInsert() throws {
    let changeset = try StagedChangeset(
      source: [group("A", ["a", "b"]), group("B", ["c"])],
      target: [group("A", ["a"]), group("B", ["c", "b"])])
    let move = try #require(changeset.flatMap(\.elementMoved).first)
    #expect(move.id == "b" && move.sourceSectionID == "A" && move.targetSectionID == "B")
    #expect(changeset.allSatisfy { $0.elementDeleted.isEmpty && $0.elementInserted.isEmpty })
  }

  @Test func swappingNeighbourSectionsIsOneSectionMove() throws {
    let changeset = try StagedChangeset(
      source: [group("A", ["a"]), group("B", ["b"]), group("C", ["c"])],
      target: [group("B", ["b"]), group("A", ["a"]), group("C", ["c"])])
    #expect(changeset.flatMap(\.sectionMoved).count == 1)
    #expect(changeset.allSatisfy { $0.elementMoved.isEmpty })
  }
}
