import AccountModel
import FeedAssembler
import FeedComponents
import Testing

/// A grouped accounts layout gives each kind its own section, titled from the layout.
@Suite struct GroupedLayoutTests {
  @Test func groupedAccountsGetOneSectionPerKindInOrderOfFirstAppearance() throws {
    let assembler = FeedAssembler(
      layout: try layout(
        #"""
        {"sections": [{"kind": "accounts", "arrangement": "grouped", "subtitle": "none",
          "kind_titles": {"checking": "입출금", "savings": "저축"}}]}
        """#))
    let document = try assembler.assemble(SeedRows.rows)
    #expect(document.sections.map(\.id) == ["accounts/checking", "accounts/savings"])
    #expect(document.sections.map { $0.header?.props["text"] } == ["입출금", "저축"])
    #expect(document.sections.map(\.items.count) == [1, 2])
  }

  @Test func groupedKindWithoutATitleUsesTheDefaultTitle() throws {
    let assembler = FeedAssembler(
      layout: try layout(
        #"""
        {"sections": [{"kind": "accounts", "arrangement": "grouped",
          "default_kind_title": "기타 ({kind})"}]}
        """#))
    let document = try assembler.assemble(SeedRows.rows)
    #expect(document.sections.first?.header?.props["text"] == "기타 (checking)")
  }

  @Test func layoutBuiltInSwiftWithAKindTwiceFailsNamingTheSection() throws {
    let accounts = AccountsLayout(
      defaultKindTitle: try Template("{kind}", allowed: AccountsLayout.kindTitlePlaceholders),
      emptyState: EmptyStateLayout(message: "없음"))
    let assembler = FeedAssembler(
      layout: FeedLayout(title: nil, sections: [.accounts(accounts), .accounts(accounts)]))
    let error = try #require(throws: FeedDocumentError.self) {
      try assembler.assemble(SeedRows.rows)
    }
    #expect(error.description.contains("\"accounts\""))
  }
}
