import AccountModel
import FeedAssembler
import FeedComponents
import Testing

/// Editing one row changes that row's item (and a total, if one is shown) and nothing else: ids
/// come from row keys, so a diff of two feeds sees an update, not a remove and an insert.
@Suite struct EditStabilityTests {
  private let edited = SeedRows.rows { $0.accounts[1].balance.minorUnits = 25_000 }

  @Test func idsStayTheSameAcrossABalanceEdit() throws {
    let before = try FeedAssembler().assemble(SeedRows.rows)
    let after = try FeedAssembler().assemble(edited)
    #expect(before.sections.map(\.id) == after.sections.map(\.id))
    #expect(before.itemIDs == after.itemIDs)
  }

  @Test func balanceEditChangesOnlyThatAccountsDigest() throws {
    let before = try FeedAssembler().assemble(SeedRows.rows)
    let after = try FeedAssembler().assemble(edited)
    #expect(before.changedItems(in: after) == ["account/\(SeedRows.accountIDs[1])"])
  }

  @Test func balanceEditWithATotalChangesThatAccountAndTheTotal() throws {
    let assembler = FeedAssembler(
      layout: try layout(#"{"sections": [{"kind": "total"}, {"kind": "accounts"}]}"#))
    let before = try assembler.assemble(SeedRows.rows)
    let after = try assembler.assemble(edited)
    #expect(
      before.changedItems(in: after) == ["account/\(SeedRows.accountIDs[1])", "total/KRW"])
  }

  @Test func bookkeepingTheScreenDoesNotShowChangesNoByte() throws {
    let bookkept = SeedRows.rows { rows in
      for index in rows.accounts.indices {
        rows.accounts[index].version += 1
        rows.accounts[index].updatedAt = rows.readAt
      }
      rows.notices[0].version += 1
    }
    #expect(
      try FeedAssembler().assemble(bookkept).encoded()
        == FeedAssembler().assemble(SeedRows.rows).encoded())
  }
}
