import FeedDiff
import Testing

/// The `terraform plan`-style text for people.
struct PlanTextTests {
  let old = [
    Group(
      "accounts", title: "Accounts",
      [Item("account/1", "Checking"), Item("account/2", "Savings"), Item("account/3", "Loan")]),
    Group("notices", title: "Notices", [Item("notice/1", "Hello")]),
  ]
  let new = [
    Group(
      "accounts", title: "My accounts",
      [
        Item("account/2", "Savings+"), Item("account/3", "Loan"), Item("account/1", "Checking"),
        Item("account/4", "Deposit"),
      ]),
    Group("notices", title: "Notices", [Item("notice/2", "Promo")]),
  ]

  private func lines(colored: Bool = false) throws -> [String] {
    try StagedChangeset(source: old, target: new).planText(colored: colored)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test func aChangedSectionHeaderShowsBeforeAndAfter() throws {
    let text = try lines()
    let header = try #require(text.firstIndex(of: "~ section accounts"))
    #expect(text[header + 1] == "    title: \"Accounts\" → \"My accounts\"")
  }

  @Test func aChangedItemShowsEachChangedPropertyBeforeAndAfter() throws {
    let text = try lines()
    let item = try #require(text.firstIndex(of: "  ~ account/2"))
    #expect(text[item + 1] == "      label: \"Savings\" → \"Savings+\"")
  }

  @Test func addedRemovedAndMovedItemsCarryTheirMarks() throws {
    let text = try lines()
    #expect(text.contains("  + account/4"))
    #expect(text.contains("  - notice/1"))
    #expect(text.contains("  + notice/2"))
    #expect(text.contains("  ↷ account/1  (moved)"))
    #expect(!text.contains { $0.contains("account/3") })
  }

  @Test func theLastLineSumsUpTheChanges() throws {
    let text = try lines().filter { !$0.isEmpty }
    #expect(text.last == "2 to add, 2 to change, 1 to remove, 1 to move.")
  }

  @Test func anItemFromAnotherSectionNamesWhereItCameFrom() throws {
    let text = try StagedChangeset(
      source: [group("A", ["a", "b"]), group("B", [])],
      target: [group("A", ["a"]), group("B", ["b"])]
    ).planText()
    #expect(text.contains("  ↷ b  (moved from A)\n"))
  }

  @Test func deletedAndInsertedSectionsListTheirItems() throws {
    let text = try StagedChangeset(source: [group("A", ["a"])], target: [group("B", ["b"])])
      .planText()
    #expect(text.contains("+ section B\n  + b\n"))
    #expect(text.contains("- section A\n  - a\n"))
  }

  @Test func colourIsUsedOnlyWhenAskedFor() throws {
    #expect(!(try lines()).joined().contains("\u{1B}["))
    #expect(try lines(colored: true).contains("  \u{1B}[32m+\u{1B}[0m account/4"))
  }

  @Test func itemsMovingOutOfADeletedSectionAreListedWhereTheyArrive() throws {
    let text = try StagedChangeset(
      source: [group("D", ["d1", "d2"])], target: [group("N", ["d1", "n"])]
    ).planText()
    #expect(text.contains("+ section N\n  ↷ d1  (moved from D)\n  + n\n"))
    #expect(text.contains("- section D\n  - d2\n"))
    #expect(text.hasSuffix("2 to add, 0 to change, 2 to remove, 1 to move.\n"))
  }
}
