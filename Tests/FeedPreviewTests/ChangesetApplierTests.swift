import AccountFeedTestSupport
import BrowserTestSupport
import FeedComponents
import FeedWire
import Foundation
import Testing

/// The page's JavaScript applier (`feed.js`) is a second client of feeddiff.changeset/2: run in
/// headless Chromium on documents and changesets produced by `FeedWire`, it must rebuild what the
/// Swift reference applier rebuilds, byte for byte, and leave the DOM showing it.
@Suite(.serialized) struct ChangesetApplierTests {
  struct Outcome: Decodable {
    var canonical: String?
    var dom: ScreenFeed?
    var error: String?
  }

  static func apply(_ base: FeedDocument, _ changeset: String, on page: BrowserPage) throws
    -> Outcome
  {
    let base = String(decoding: base.encoded(), as: UTF8.self)
    let answer = try page.string(
      "applyCase(\(try AssetPage.literal(base)), \(try AssetPage.literal(changeset)))")
    return try JSONDecoder().decode(Outcome.self, from: Data(answer.utf8))
  }

  @Test func theApplierRebuildsTheTargetByteForByteAndTheDOMShowsIt() throws {
    try AssetPage.with { page in
      var documents = RandomDocuments(seed: 12)
      for n in 0..<300 {
        let (base, target) = try documents.pair(case: n)
        let bytes = WireChangeset(from: base, to: target).encoded()
        // What the Swift reference client rebuilds from the same bytes: the target.
        let reference = try WireChangeset(data: bytes).apply(to: base)
        let outcome = try Self.apply(base, String(decoding: bytes, as: UTF8.self), on: page)
        #expect(outcome.error == nil, "case \(n)")
        #expect(
          outcome.canonical == String(decoding: reference.encoded(), as: UTF8.self), "case \(n)")
        #expect(outcome.dom == ScreenFeed(target), "case \(n)")
      }
    }
  }

  @Test func aChangesetWhoseTargetDigestDoesNotMatchIsRefused() throws {
    try AssetPage.with { page in
      var documents = RandomDocuments(seed: 5)
      let (base, target) = try documents.pair(case: 7)
      let changeset = String(
        decoding: WireChangeset(from: base, to: target).encoded(), as: UTF8.self
      )
      .replacingOccurrences(of: target.digest, with: String(repeating: "0", count: 64))
      let outcome = try Self.apply(base, changeset, on: page)
      #expect(outcome.error == "the rebuilt feed's digest is not the changeset's target")
    }
  }

  @Test func aChangesetForAnotherBaseIsRefusedBeforeAnythingChanges() throws {
    try AssetPage.with { page in
      var documents = RandomDocuments(seed: 6)
      let (base, target) = try documents.pair(case: 5)
      let (other, _) = try documents.pair(case: 8)
      let changeset = String(
        decoding: WireChangeset(from: other, to: target).encoded(), as: UTF8.self)
      let outcome = try Self.apply(base, changeset, on: page)
      #expect(outcome.error == "the feed on screen is not the changeset's base")
    }
  }

  @Test func anItemAlteredInTransitIsRefusedByItsDigest() throws {
    try AssetPage.with { page in
      let base = try FeedDocument(owner: "o", sections: [])
      let target = try FeedDocument(
        owner: "o",
        sections: [
          SectionNode(
            id: "accounts", header: nil, footer: nil,
            items: [ItemNode(id: "account/1", type: "account_row", props: ["value": "1원"])])
        ])
      let changeset = String(
        decoding: WireChangeset(from: base, to: target).encoded(), as: UTF8.self
      )
      .replacingOccurrences(of: "1원", with: "9원")
      let outcome = try Self.apply(base, changeset, on: page)
      #expect(
        outcome.error?.hasSuffix("does not match its digest") == true, "\(outcome.error ?? "")")
    }
  }
}
