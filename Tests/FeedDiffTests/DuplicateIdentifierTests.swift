import FeedDiff
import Testing

/// A repeated identifier is refused with an error that names it and its section.
struct DuplicateIdentifierTests {
  @Test func aRepeatedItemInTheNewFeedNamesTheItemAndBothSections() {
    #expect(
      throws: DuplicateIdentifierError(
        identifier: "account/42", section: "savings", firstSection: "checking", feed: .target)
    ) {
      try StagedChangeset(
        source: [group("checking", ["account/42"])],
        target: [group("checking", ["account/42"]), group("savings", ["account/42"])])
    }
  }

  @Test func aRepeatedItemInTheOldFeedIsRefused() {
    #expect(
      throws: DuplicateIdentifierError(
        identifier: "a", section: "A", firstSection: "A", feed: .source)
    ) {
      try StagedChangeset(source: [group("A", ["a", "a"])], target: [])
    }
  }

  @Test func aRepeatedNewItemThatIsNotInTheOldFeedIsRefused() {
    #expect(throws: DuplicateIdentifierError.self) {
      try StagedChangeset(source: [], target: [group("A", ["n"]), group("B", ["n"])])
    }
  }

  @Test func aRepeatedSectionIsRefused() {
    #expect(
      throws: DuplicateIdentifierError(
        identifier: "A", section: nil, firstSection: nil, feed: .target)
    ) {
      try StagedChangeset(source: [], target: [group("A", []), group("A", [])])
    }
  }

  @Test func theDescriptionIsOneSentenceNamingTheIdAndSection() {
    let error = DuplicateIdentifierError(
      identifier: "account/42", section: "savings", firstSection: "checking", feed: .target)
    #expect(
      error.description
        == "The new feed has the item id \"account/42\" twice, in section \"savings\" "
        + "(first seen in section \"checking\").")
  }
}
