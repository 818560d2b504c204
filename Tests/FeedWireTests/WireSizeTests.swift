import AccountModel
import FeedComponents
import FeedDiff
import FeedVocabulary
import FeedWire
import Foundation
import Testing

/// What a change costs on the wire: the content it carries plus a fixed envelope (two digests, the
/// target's top-level fields, the summary), whatever the size of the feed.
@Suite struct WireSizeTests {
  /// The demo feed with `count` accounts, and the same feed with account 2 renamed.
  private func renamePair(accounts count: Int) throws -> (FeedDocument, FeedDocument) {
    var demo = DemoFeed()
    let time = Date(timeIntervalSince1970: 946_684_800)
    for id in stride(from: demo.accounts.count + 1, through: count, by: 1) {
      demo.accounts.append(
        Account(
          id: Int64(id), ownerID: "demo", name: "계좌 \(id)", kind: "savings",
          balance: Money(minorUnits: Int64(id) * 1_000, currency: .krw), position: Int32(id),
          hidden: false, version: 1, createdAt: time, updatedAt: time))
    }
    let base = try demo.document()
    demo.accounts[1].name = "적금 통장"
    return (base, try demo.document())
  }

  @Test func aOneItemChangeCostsTheSameWhateverTheSizeOfTheFeed() throws {
    let (smallBase, smallTarget) = try renamePair(accounts: 3)
    let (largeBase, largeTarget) = try renamePair(accounts: 300)
    let small = WireChangeset(from: smallBase, to: smallTarget)
    let large = WireChangeset(from: largeBase, to: largeTarget)
    #expect(small.summary == ChangeSummary(changed: 1))
    #expect(large.summary == ChangeSummary(changed: 1))
    #expect(small.encoded().count == large.encoded().count)
  }

  @Test func aOneItemChangeIsUnderATenthOfADocumentOfThirtyAccounts() throws {
    let (base, target) = try renamePair(accounts: 30)
    let changeset = WireChangeset(from: base, to: target).encoded().count
    #expect(changeset * 10 < target.encoded().count)
  }

  @Test func aOneItemChangeOnTheDemoFeedIsItsItemPlusAFixedEnvelope() throws {
    let (base, target) = try renamePair(accounts: 3)
    let changeset = WireChangeset(from: base, to: target).encoded().count
    let item = CanonicalJSONWriter().bytes(target.sections[2].items[1].json).count
    #expect(changeset < target.encoded().count / 2)
    #expect(changeset - item <= 420)
  }
}
