import Foundation

/// The shared state of one `takeSnapshotOfEveryOwner` run, whose batches may go through more
/// than one connection at once: which batch comes next, and commits in batch order.
///
/// Why in order: a run that stops must keep exactly the batches before the one that failed, as
/// a run on one connection does (`SnapshotRunError` says how far it got). So a batch is read
/// and drawn while the batch before it is still at work — that overlap is the point: one
/// connection's server writes while the other's feeds are drawn — but it starts writing only
/// after the batch before it has committed, and rolls back if that one failed. The waiting
/// batch holds only its own owners' locks, so it never blocks the batch it waits for; it must
/// not have written yet, since two batches may store the same item node and the second
/// writer of a key waits for the first to commit.
///
/// `@unchecked Sendable`: all mutable state is read and written only while holding `condition`.
final class SnapshotRun: @unchecked Sendable {
  /// A batch that gave way because an earlier one failed: it is rolled back, and since only
  /// the earliest failure is the run's, this one is never reported.
  struct GaveWay: Error {}

  private let condition = NSCondition()
  private var after: String?
  private var claimed = 0
  private var committed = 0
  private var taken = 0
  private var finished = false
  /// The earliest batch that failed, and why.
  private var failure: (batch: Int, error: SnapshotRunError)?

  /// The next batch to take — its number and its owners, up to `limit` after the last batch
  /// claimed — read through `page` while no other worker claims; nil when the run is over or
  /// stopping.
  func claim(limit: Int, page: (String?, Int) throws -> [String]) -> (Int, [String])? {
    condition.withLock {
      guard !finished, failure == nil else { return nil }
      let owners: [String]
      do {
        owners = try page(after, limit)
      } catch {
        fail(
          batch: claimed, SnapshotRunError(taken: 0, batch: nil, owner: nil, reason: .init(error)))
        return nil
      }
      guard let last = owners.last else {
        finished = true
        return nil
      }
      after = last
      claimed += 1
      return (claimed - 1, owners)
    }
  }

  /// Waits, inside batch `batch`'s transaction and before it writes, until every earlier batch
  /// has committed; throws `GaveWay` when one of them failed instead.
  func waitForTurn(_ batch: Int) throws {
    try condition.withLock {
      while committed < batch, failure.map({ $0.batch >= batch }) ?? true {
        condition.wait()
      }
      if let failure, failure.batch < batch { throw GaveWay() }
    }
  }

  /// Records that `batch` committed `infos`, and tells `progress` of each, in batch order.
  func didCommit(_ batch: Int, _ infos: [SnapshotInfo], progress: (SnapshotInfo) -> Void) {
    condition.withLock {
      for info in infos { progress(info) }
      taken += infos.count
      committed = batch + 1
      condition.broadcast()
    }
  }

  /// Records that `batch` failed; the earliest failure is the run's.
  func didFail(_ batch: Int, _ error: SnapshotRunError) {
    condition.withLock { fail(batch: batch, error) }
  }

  private func fail(batch: Int, _ error: SnapshotRunError) {
    if failure.map({ batch < $0.batch }) ?? true { failure = (batch, error) }
    condition.broadcast()
  }

  /// How many snapshots the run took, or why it stopped, with how many it took before.
  func outcome() throws(SnapshotRunError) -> Int {
    let (taken, failure) = condition.withLock { (self.taken, self.failure) }
    guard var error = failure?.error else { return taken }
    error.taken = taken
    throw error
  }
}
