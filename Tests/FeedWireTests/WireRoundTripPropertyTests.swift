import AccountFeedTestSupport
import FeedComponents
import FeedDiff
import Testing

@testable import FeedWire

/// For 10,000 random pairs of documents (ten seeded batches of 1,000, which run in parallel), a
/// client holding only the base rebuilds the target byte for byte from the changeset's bytes, and
/// sees every intermediate feed the diff planned.
@Suite struct WireRoundTripPropertyTests {
  @Test(arguments: 0..<10)
  func aClientHoldingOnlyTheBaseRebuildsTheTargetByteForByte(batch: Int) throws {
    var documents = RandomDocuments(seed: 2026 + UInt64(batch))
    for n in 0..<1_000 {
      let (base, target) = try documents.pair(case: n)
      let bytes = WireChangeset(from: base, to: target).encoded()
      let decoded = try WireChangeset(data: bytes)
      let rebuilt = try decoded.apply(to: base)
      #expect(rebuilt.encoded() == target.encoded(), "batch \(batch), case \(n)")
      #expect(rebuilt.digest == decoded.target, "batch \(batch), case \(n)")
      #expect(decoded.encoded() == bytes, "batch \(batch), case \(n)")
    }
  }

  @Test func everyStageLeavesTheClientWithTheFeedTheDiffPlanned() throws {
    var documents = RandomDocuments(seed: 11)
    for n in 0..<1_000 {
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
