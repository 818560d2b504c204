import AccountModel
import FeedAssembler
import FeedComponents
import Testing

/// Assembly is a pure function of the rows and the layout: the same rows give the same bytes and
/// digests, whoever assembles them and however often.
@Suite struct DeterminismTests {
  @Test func sameRowsGiveByteIdenticalJSON() throws {
    let first = try FeedAssembler().assemble(SeedRows.rows)
    let second = try FeedAssembler().assemble(SeedRows.rows)
    #expect(first.encoded() == second.encoded())
    #expect(first.digest == second.digest)
  }

  /// Snapshots are skipped when a write leaves the digest as it was, so the digest must not move
  /// with the revision, which every snapshot has its own of.
  @Test func theDigestIgnoresTheRevision() throws {
    let later = SeedRows.rows { $0.owner.lastSnapshotSequence = 9 }
    let first = try FeedAssembler().assemble(SeedRows.rows)
    let second = try FeedAssembler().assemble(later)
    #expect(first.digest == second.digest)
    #expect(first.encoded() != second.encoded())
  }
}
