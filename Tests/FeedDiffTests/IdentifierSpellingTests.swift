import FeedDiff
import Testing

/// Identifiers are compared byte for byte (their UTF-8 bytes for `String`), not by Unicode
/// canonical equivalence: "café" written with U+00E9 (NFC) and with "e" + U+0301 (NFD) are two
/// different identifiers everywhere in the diff.
struct IdentifierSpellingTests {
  let composed = "caf\u{E9}"
  let decomposed = "cafe\u{301}"

  /// Ids as their UTF-8 bytes, so that an expectation cannot pass by canonical equivalence.
  private func bytes(_ ids: [String]) -> [[UInt8]] {
    ids.map { Array($0.utf8) }
  }

  @Test func theTwoSpellingsAreEqualSwiftStrings() {
    #expect(composed == decomposed)
    #expect(!composed.utf8.elementsEqual(decomposed.utf8))
  }

  @Test func anItemRespelledInPlaceIsADeleteAndAnInsertNotAPairing() throws {
    let changeset = try StagedChangeset(
      source: [group("A", [composed])], target: [group("A", [decomposed])])
    #expect(bytes(changeset.flatMap(\.elementDeleted).map(\.id)) == bytes([composed]))
    #expect(bytes(changeset.flatMap(\.elementInserted).map(\.id)) == bytes([decomposed]))
  }

  @Test func bothSpellingsInOneFeedAreTwoItemsAndSwappingThemIsAMove() throws {
    let old = [group("A", [composed, decomposed])]
    let new = [group("A", [decomposed, composed])]
    let changeset = try StagedChangeset(source: old, target: new)
    #expect(changeset.flatMap(\.elementMoved).count == 1)
    #expect(changeset.allSatisfy { $0.elementDeleted.isEmpty && $0.elementInserted.isEmpty })
    let applied = try apply(changeset, to: old)
    #expect(
      applied.map { bytes($0.elements.map(\.id)) } == new.map { bytes($0.elements.map(\.id)) })
  }

  @Test func aRepeatOfTheSameSpellingIsStillADuplicate() {
    #expect(
      throws: DuplicateIdentifierError(
        identifier: decomposed, section: "B", firstSection: "A", feed: .target)
    ) {
      try StagedChangeset(
        source: [group("A", [composed])],
        target: [group("A", [composed, decomposed]), group("B", [decomposed])])
    }
  }

  @Test func bothSpellingsAsSectionIdsAreTwoSections() throws {
    let changeset = try StagedChangeset(
      source: [group(composed, ["a"])], target: [group(composed, ["a"]), group(decomposed, ["b"])])
    #expect(bytes(changeset.flatMap(\.sectionInserted).map(\.id)) == bytes([decomposed]))
  }

  @Test func aSectionRespelledIsADeleteAndAnInsert() throws {
    let changeset = try StagedChangeset(
      source: [group(composed, ["a"])], target: [group(decomposed, ["a"])])
    #expect(changeset.flatMap(\.sectionDeleted).count == 1)
    #expect(changeset.flatMap(\.sectionInserted).count == 1)
  }

  @Test func thePlanTextKeepsTheTwoSpellingsApart() throws {
    let old = [Group("A", [Item(composed, "one"), Item(decomposed, "two")])]
    let new = [Group("A", [Item(composed, "three"), Item(decomposed, "two")])]
    let plan = try StagedChangeset(source: old, target: new).planText()
    #expect(plan.contains("label: \"one\" → \"three\""))
    #expect(plan.hasSuffix("0 to add, 1 to change, 0 to remove, 0 to move.\n"))
    #expect(plan.split(separator: "\n").filter { $0.hasPrefix("  ~") }.count == 1)
  }
}
