import FeedComponents
import FeedDiff
import FeedWire
import Foundation
import Testing

/// A changeset that does not fit, or was tampered with, is refused with a typed one-line error
/// before a wrong feed can be shown.
@Suite struct WireChangesetErrorTests {
  private typealias F = Fixtures

  private let base: FeedDocument
  private let target: FeedDocument
  /// The changeset from `base` to `target`: account/2 updated, account/3 deleted, account/4 inserted.
  private let json: JSONValue

  init() throws {
    base = try F.document([
      F.section("accounts", [F.item("account/1"), F.item("account/2"), F.item("account/3")])
    ])
    target = try F.document([
      F.section("accounts", [F.item("account/1"), F.item("account/2", "7원"), F.item("account/4")])
    ])
    json = try F.wireJSON(from: base, to: target)
  }

  /// What applying `changeset` to `document` throws, if anything.
  private func failure(
    _ changeset: JSONValue, applyingTo document: FeedDocument? = nil
  ) -> WireChangesetError? {
    do {
      _ = try WireChangeset(data: F.bytes(changeset)).apply(to: document ?? base)
      return nil
    } catch {
      return error
    }
  }

  @Test func theUntouchedChangesetApplies() {
    #expect(failure(json) == nil)
  }

  @Test func aChangesetForAnotherBaseIsRefused() throws {
    let other = try F.document([F.section("accounts", [F.item("account/9")])])
    #expect(
      failure(json, applyingTo: other) == .baseMismatch(expected: base.digest, found: other.digest))
  }

  @Test func aContentFreeChangeset1IsRefusedInOneLine() throws {
    let staged = try StagedChangeset(
      source: DiffSection.sections(of: base), target: DiffSection.sections(of: target))
    #expect(throws: WireChangesetError.contentMissing) {
      try WireChangeset(data: staged.jsonData())
    }
    #expect(!WireChangesetError.contentMissing.description.contains("\n"))
  }

  @Test func anotherSchemaIsRefused() {
    let other = F.editing(json, "schema") { _ in "feeddiff.changeset/3" }
    #expect(failure(other) == .unknownSchema("feeddiff.changeset/3"))
  }

  @Test func aMissingFieldIsRefusedNamingIt() {
    let broken = F.editing(json, "base") { _ in nil }
    #expect(failure(broken) == .malformed(path: "base", reason: "it must be a string"))
  }

  @Test func anItemTamperedWithUnderItsDigestIsRefused() throws {
    let tampered = F.editing(json, "stages.0.items.updated.0.item.props.value") { _ in "7,000,000원"
    }
    guard case .malformed(let path, let reason)? = failure(tampered) else {
      Issue.record("a tampered item must be refused as malformed")
      return
    }
    #expect(path == "stages[0].items.updated[0].item")
    #expect(reason.contains("does not match its content"))
  }

  @Test func anItemTamperedWithAndStrippedOfItsDigestIsCaughtByTheTargetDigest() throws {
    var tampered = F.editing(json, "stages.0.items.updated.0.item.props.value") { _ in "7,000,000원"
    }
    tampered = F.editing(tampered, "stages.0.items.updated.0.item.digest") { _ in nil }
    guard case .targetMismatch(let expected, _)? = failure(tampered) else {
      Issue.record("a rebuilt feed that is not the target must be refused")
      return
    }
    #expect(expected == target.digest)
  }

  @Test func aTargetDigestThatTheStagesDoNotReachIsRefused() {
    let wrong = String(repeating: "0", count: 64)
    let tampered = F.editing(json, "target") { _ in .string(wrong) }
    #expect(failure(tampered) == .targetMismatch(expected: wrong, computed: target.digest))
  }

  @Test func anIndexOutsideTheFeedIsRefused() throws {
    let tampered = F.editing(json, "stages.0.items.deleted.0.path") { _ in [0, 9] }
    let error = try #require(failure(tampered))
    guard case .indexOutOfRange(stage: 0, _) = error else {
      Issue.record("expected an index out of range, got \(error)")
      return
    }
    #expect(
      error.description
        == #"stage 1 of the changeset points outside the feed: item delete of "account/3" at [0, 9] (section "accounts" has 3 items)"#
    )
  }

  @Test func aChangeNamingAnotherItemThanTheOneAtItsIndexIsRefused() {
    let tampered = F.editing(json, "stages.0.items.deleted.0.path") { _ in [0, 0] }
    guard case .inconsistent(stage: 0, _)? = failure(tampered) else {
      Issue.record("a delete whose id is not at its index must be refused")
      return
    }
  }

  @Test func twoItemsArrivingAtOnePlaceAreRefused() {
    let tampered = F.editing(json, "stages.0.items.inserted") { inserted in
      guard let first = inserted?.arrayValue?.first else { return inserted }
      let twin = F.editing(first, "item.id") { _ in "account/5" }
      return [
        first, F.editing(F.editing(twin, "item.digest") { _ in nil }, "id") { _ in "account/5" },
      ]
    }
    #expect(
      failure(tampered)
        == .inconsistent(stage: 0, reason: "two changes say something arrives at [0, 2]"))
  }

  @Test func bytesThatAreNotJSONAreRefused() {
    #expect {
      try WireChangeset(data: Data("{\"schema\":".utf8))
    } throws: { error in
      guard case .notJSON = error as? WireChangesetError else { return false }
      return true
    }
  }

  @Test func anUpdatedSectionThatCarriesItemsIsRefused() throws {
    let base = try F.document([F.section("accounts", header: "계좌", [F.item("account/1")])])
    let target = try F.document([F.section("accounts", header: "내 계좌", [F.item("account/1")])])
    let tampered = F.editing(
      try F.wireJSON(from: base, to: target), "stages.0.sections.updated.0.section.items"
    ) { _ in [] }
    #expect(
      failure(tampered, applyingTo: base)
        == .malformed(
          path: "stages[0].sections.updated[0].section.items",
          reason: "an updated section carries its header, footer and fields only"))
  }

  @Test func everyErrorDescribesItselfInOneLine() throws {
    let errors: [WireChangesetError] = [
      .contentMissing, .unknownSchema(nil), .malformed(path: "base", reason: "it must be a string"),
      .baseMismatch(expected: base.digest, found: target.digest),
      .indexOutOfRange(stage: 0, change: "item delete"), .inconsistent(stage: 1, reason: "x"),
      .targetMismatch(expected: base.digest, computed: target.digest),
      .invalidTarget(.duplicateID(id: "a", first: "item 1", second: "item 2")),
    ]
    for error in errors {
      #expect(!error.description.contains("\n"), "\(error)")
      #expect(!error.description.isEmpty)
    }
  }
}
