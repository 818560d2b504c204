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

  /// The document is its content and nothing else: taking snapshots moves the owner's snapshot
  /// sequence, and must not move a single byte (the digest is the version a client sees).
  @Test func theDocumentIgnoresTheSnapshotSequence() throws {
    let later = SeedRows.rows { $0.owner.lastSnapshotSequence = 9 }
    let first = try FeedAssembler().assemble(SeedRows.rows)
    let second = try FeedAssembler().assemble(later)
    #expect(first.encoded() == second.encoded())
  }
}
