import AccountStore
import Foundation
import Synchronization

/// A streaming replica that answers the service's feed reads, and the rule that keeps it from
/// ever answering older than what a reader may have seen.
///
/// **Fences.** A commit this process knows of — one it made, or one whose notification its
/// `LISTEN` connection heard (notifications are not replicated: `LISTEN` stays on the primary) —
/// fences its owner at the primary's flushed log position, taken after the commit. A read of
/// that owner goes to the replica only once the replica has replayed past the fence; it waits
/// at most `ReplicaOptions.catchUpWait` for that, then reads the primary. The fence is set
/// before the cached feed is forgotten, so a read that misses the cache because of a commit
/// always sees the commit's fence. A listener that reconnected may have missed notifications,
/// so it fences every owner (`fenceAll(at:)`). Fences the replica has passed are dropped.
///
/// **Failures.** A replica that refuses a connection or drops a session is left alone for
/// `retryAfter`, and a replica measured further behind than `maxLagBytes` until it catches up:
/// meanwhile every read goes to the primary. What a read on the replica cannot settle (a
/// document never recorded, a digest it does not know) the caller reads on the primary too.
///
/// `read` counts where each read went, for `/metrics`.
final class ReadReplica: Sendable {
  private struct State {
    var fences: [String: Int64] = [:]
    /// The fence of every owner (after a listener reconnected).
    var floor: Int64 = 0
    var avoidUntil: ContinuousClock.Instant?
    var lagBytes: Int64?
    var replicaReads = 0
    var primaryReads = 0
  }

  let options: ReplicaOptions
  private let pool: StorePool
  private let state = Mutex(State())
  /// How often a read waiting for the replica asks how far it has replayed.
  private static let replayPoll = Duration.milliseconds(5)

  init(options: ReplicaOptions, open: @escaping @Sendable () throws -> AccountStore) {
    self.options = options
    self.pool = StorePool(options: options.pool, open: open)
  }

  /// A commit of `owner`'s rows lies before `position` of the primary's log.
  func fence(owners: some Sequence<String>, at position: Int64) {
    state.withLock { state in
      for owner in owners { state.fences[owner] = max(state.fences[owner] ?? 0, position) }
    }
  }

  /// Commits of any owner may lie before `position` of the primary's log.
  func fenceAll(at position: Int64) {
    state.withLock { $0.floor = max($0.floor, position) }
  }

  /// `body`'s answer read on the replica, or nil when the read belongs on the primary: the
  /// replica is down, too far behind, has not replayed the owner's fence within `catchUpWait`,
  /// failed, or `body` itself returned nil (the replica cannot settle it).
  func read<Answer>(owner: String, _ body: (AccountStore) throws -> Answer?) -> Answer? {
    let fence: Int64? = state.withLock { state in
      if let until = state.avoidUntil, until > .now { return nil }
      if let lag = state.lagBytes, lag > options.maxLagBytes { return nil }
      return max(state.floor, state.fences[owner] ?? 0)
    }
    var answer: Answer?
    if let fence {
      do {
        answer = try pool.withStore { store in
          try caughtUp(to: fence, on: store) ? try body(store) : nil
        }
      } catch {
        failed(error)
      }
    }
    state.withLock { state in
      if answer == nil { state.primaryReads += 1 } else { state.replicaReads += 1 }
    }
    return answer
  }

  /// Waits, at most `catchUpWait`, until the replica has replayed past `fence`.
  private func caughtUp(to fence: Int64, on store: AccountStore) throws -> Bool {
    guard fence > 0 else { return true }
    let deadline = ContinuousClock.now + options.catchUpWait
    while true {
      guard let replayed = try store.replayedWALPosition() else { return false }
      if replayed >= fence {
        state.withLock { state in
          state.fences = state.fences.filter { $0.value > replayed }
          if state.floor <= replayed { state.floor = 0 }
        }
        return true
      }
      guard ContinuousClock.now < deadline else { return false }
      Thread.sleep(forTimeInterval: 0.005)
    }
  }

  private func failed(_ error: any Error) {
    let failure = FeedServiceError(classifying: error)
    guard failure.kind == .unreachable || failure.kind == .unavailable else { return }
    state.withLock { $0.avoidUntil = .now + options.retryAfter }
  }

  /// How far the replica is behind `primary` (the primary's flushed log position), measured
  /// now; remembered, so a replica too far behind is sent no reads until measured again. Nil
  /// when it is not a replica (not in recovery: promoted, or a primary), which is then passed
  /// over like one that failed. Throws when the replica cannot be asked.
  func measureLag(primary: Int64) throws -> Int64? {
    do {
      guard let replayed = try pool.withStore({ try $0.replayedWALPosition() }) else {
        state.withLock { state in
          state.lagBytes = nil
          state.avoidUntil = .now + options.retryAfter
        }
        return nil
      }
      let lag = max(0, primary - replayed)
      state.withLock { state in
        state.lagBytes = lag
        state.avoidUntil = nil
      }
      return lag
    } catch {
      failed(error)
      state.withLock { $0.lagBytes = nil }
      throw error
    }
  }

  /// How many reads the replica answered and how many went to the primary instead.
  var reads: (replica: Int, primary: Int) {
    state.withLock { ($0.replicaReads, $0.primaryReads) }
  }
}
