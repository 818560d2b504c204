import FeedComponents
import FeedWire
import Foundation
import Testing

/// A document's version is its digest: it changes exactly when what the phone shows changes —
/// whoever wrote the rows and whatever the clock did — and never otherwise.
@Suite struct ContentVersionTests {
  @Test func takingAnotherSnapshotChangesNothingInTheDocument() throws {
    var demo = DemoFeed()
    let before = try demo.document()
    demo.snapshotSequence = 7
    #expect(try demo.document().encoded() == before.encoded())
  }

  @Test func aNoticeWindowOpeningChangesTheDigestAndTheChangesetShowsTheNotice() throws {
    var demo = DemoFeed()
    demo.notices[0].activeFrom = Date(timeIntervalSince1970: 946_684_800 + Double(5_000_000) / 1e6)
    demo.readAt = Date(timeIntervalSince1970: 946_684_800 + Double(4_999_999) / 1e6)
    let closed = try demo.document()
    demo.readAt = Date(timeIntervalSince1970: 946_684_800 + Double(5_000_000) / 1e6)
    let open = try demo.document()
    #expect(closed.digest != open.digest)
    let changeset = WireChangeset(from: closed, to: open)
    #expect(changeset.stages.first?.sectionInserted.first?.node.items.map(\.id) == ["notice/1"])
  }

  @Test func aNoticeWindowClosingChangesTheDigest() throws {
    var demo = DemoFeed()
    demo.notices[0].activeUntil = Date(timeIntervalSince1970: 946_684_800 + Double(5_000_000) / 1e6)
    demo.readAt = Date(timeIntervalSince1970: 946_684_800 + Double(4_999_999) / 1e6)
    let open = try demo.document()
    demo.readAt = Date(timeIntervalSince1970: 946_684_800 + Double(5_000_000) / 1e6)
    #expect(try demo.document().digest != open.digest)
  }

  @Test func theClockMovingInsideAWindowChangesNothing() throws {
    var demo = DemoFeed()
    demo.notices[0].activeUntil = Date(timeIntervalSince1970: 946_684_800 + Double(5_000_000) / 1e6)
    demo.readAt = Date(timeIntervalSince1970: 946_684_800 + Double(1_000_000) / 1e6)
    let earlier = try demo.document()
    demo.readAt = Date(timeIntervalSince1970: 946_684_800 + Double(4_000_000) / 1e6)
    #expect(try demo.document().encoded() == earlier.encoded())
  }

  @Test func aWriteThatChangesWhatIsShownChangesTheDigestWhoeverMadeIt() throws {
    var demo = DemoFeed()
    let before = try demo.document()
    demo.accounts[2].balance.minorUnits += 1
    #expect(try demo.document().digest != before.digest)
  }

  @Test func aWriteThatChangesNothingShownLeavesTheDocumentAsItWas() throws {
    var demo = DemoFeed()
    let before = try demo.document()
    demo.accounts[2].version += 1
    demo.accounts[2].updatedAt = Date(timeIntervalSince1970: 946_684_800 + Double(9_000_000) / 1e6)
    #expect(try demo.document().encoded() == before.encoded())
  }
}
