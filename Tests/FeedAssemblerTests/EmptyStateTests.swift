import AccountModel
import FeedAssembler
import FeedComponents
import Testing

/// An owner with nothing to show in the accounts section gets the layout's empty state, with
/// its button.
@Suite struct EmptyStateTests {
  @Test func ownerWithoutAccountsGetsTheEmptyState() throws {
    let rows = FeedRows(
      owner: SeedRows.owner("nobody"), accounts: [], notices: [], readAt: SeedRows.readAt)
    let document = try FeedAssembler().assemble(rows)
    #expect(document.sections.map(\.id) == ["title", "accounts"])
    let empty = try #require(document.sections.last?.items.first)
    #expect(empty.id == "empty/accounts")
    #expect(empty.props["message"] == "아직 계좌가 없어요.")
    #expect(empty.action(for: .button) == .openURL("app://accounts/new"))
  }

  @Test func ownerWhoseAccountsAreAllHiddenGetsTheEmptyState() throws {
    let rows = SeedRows.rows { rows in
      for index in rows.accounts.indices { rows.accounts[index].hidden = true }
    }
    let document = try FeedAssembler().assemble(rows)
    #expect(document.sections.last?.items.map(\.id) == ["empty/accounts"])
  }
}
