import FeedComponents
import FeedDiff
import Testing

@testable import FeedWire

/// For 10,000 random pairs of documents, a client holding only the base rebuilds the target byte
/// for byte from the changeset's bytes, and sees every intermediate feed the diff planned.
@Suite struct WireRoundTripPropertyTests {
  @Test func aClientHoldingOnlyTheBaseRebuildsTheTargetByteForByte() throws {
    var documents = RandomDocuments(seed: 2026)
    for n in 0..<10_000 {
      let (base, target) = try documents.pair(case: n)
      let bytes = WireChangeset(from: base, to: target).encoded()
      let decoded = try WireChangeset(data: bytes)
      let rebuilt = try decoded.apply(to: base)
      #expect(rebuilt.encoded() == target.encoded(), "case \(n)")
      #expect(rebuilt.digest == decoded.target, "case \(n)")
      #expect(decoded.encoded() == bytes, "case \(n)")
    }
  }

  @Test func everyStageLeavesTheClientWithTheFeedTheDiffPlanned() throws {
    var documents = RandomDocuments(seed: 11)
    for n in 0..<2_000 {
      let (base, target) = try documents.pair(case: n)
      let staged = try StagedChangeset(
        source: DiffSection.sections(of: base), target: DiffSection.sections(of: target))
      let wire = try WireChangeset(
        data: WireChangeset(staged, base: base, target: target).encoded())
      var feed = WorkingFeed(base)
      for (number, stage) in wire.stages.enumerated() {
        try feed.apply(stage, number: number)
        #expect(feed.sectionNodes() == staged[number].data.map(\.current), "case \(n)")
      }
    }
  }
}
