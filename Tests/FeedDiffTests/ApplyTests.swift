import FeedDiff
import Testing

/// `apply` replays a changeset and refuses one that does not fit the feed.
struct ApplyTests {
  @Test func aChangesetForAnotherFeedIsRefusedWithTheFailingStage() throws {
    let changeset = try StagedChangeset(
      source: [group("A", ["a", "b"])], target: [group("A", ["b"])])
    #expect(throws: ChangesetApplicationError.self) {
      try apply(changeset, to: [group("A", ["x", "b"])])
    }
  }

  @Test func theErrorDescriptionNamesTheStageAndTheReason() {
    let error = ChangesetApplicationError(stage: 0, reason: "item [0, 0] is not a or leaves twice")
    #expect(
      error.description
        == "Stage 1 of the changeset does not fit the feed: item [0, 0] is not a or leaves twice.")
  }

  @Test func aCrossSectionMoveIsReplayedFromItsIndices() throws {
    let old = [group("A", ["a", "b"]), group("B", ["c"])]
    let new = [group("A", ["a"]), group("B", ["b", "c"])]
    #expect(try apply(StagedChangeset(source: old, target: new), to: old) == new)
  }
}
