import BoundedMemory
import Dispatch
import FeedWire
import Synchronization

/// One catch-up per owner and base digest, shared by every follower that asks for it: an owner
/// with many devices (or tabs) open costs one database read and one diff per change, not one
/// per stream.
///
/// Two kinds of sharing, each with its own reason to be correct:
///
/// - **In flight.** A catch-up asked for while the same one (owner, base) is running waits for
///   it and takes its result — but only when the owner's feed was not invalidated after the
///   running one took its `ServedCache` ticket. A follower is woken by a commit's notification
///   only after the cache has stamped the owner (`FeedEvents` invalidates before it wakes), so a
///   catch-up it joins began its read after that commit and sees it. Any later commit wakes the
///   follower again. With no listener connected (no ticket) nothing is joined.
/// - **Remembered changesets.** The changeset from one document to another is a function of
///   the two documents, and a digest names a document: the changeset from `base` to `target`
///   is right whenever the owner's current document is `target`, however long ago it was
///   built. The current digest comes from `FeedService.servedFeed(in:holding:)` (the cache, or
///   one read), so a follower arriving after a catch-up finished reuses its changeset without a
///   diff or a snapshot read.
///
/// Bounded: remembered changesets by their encoded bytes (`capacity`, least recently used
/// first); flights by the followers running, each removed as it ends.
final class SharedCatchUps: Sendable {
  /// The default bound of the remembered changesets: 16 MiB.
  static let defaultCapacity = 16 << 20

  private struct FlightKey: Hashable {
    let owner: String
    let base: String
  }

  private struct ChangesetKey: Hashable {
    let owner: String
    let base: String
    let target: String
  }

  /// One catch-up running; followers that join wait on `done`.
  private final class Flight: Sendable {
    let ticket: UInt64
    let result = Mutex<Result<FeedCatchUp, any Error>?>(nil)
    let done = DispatchGroup()

    init(ticket: UInt64) {
      self.ticket = ticket
      done.enter()
    }
  }

  /// Whether a follower runs the catch-up (and shares it, when it has a ticket) or joins one.
  private enum Role {
    case join(Flight)
    case lead(Flight?)
  }

  private struct State {
    var flights: [FlightKey: Flight] = [:]
    var changesets: LeastRecentlyUsed<ChangesetKey, WireChangeset>
    var statistics = CatchUpStatistics()
  }

  private let state: Mutex<State>
  private let cache: ServedCache

  /// - Parameters:
  ///   - cache: whose tickets and stamps say whether a running catch-up may be joined.
  ///   - capacity: the most bytes of encoded changesets remembered.
  init(cache: ServedCache, capacity: Int = SharedCatchUps.defaultCapacity) {
    self.cache = cache
    state = Mutex(State(changesets: LeastRecentlyUsed(capacity: capacity)))
  }

  /// What the sharing has done since the start.
  var statistics: CatchUpStatistics {
    state.withLock { $0.statistics }
  }

  /// The catch-up from `base` for `owner`: the one running, when it may be joined, or
  /// `body`'s, run here and shared with those who join it meanwhile.
  func share(
    owner: String, base: String, _ body: () throws -> FeedCatchUp
  ) throws -> FeedCatchUp {
    let key = FlightKey(owner: owner, base: base)
    let ticket = cache.ticket()
    let role = state.withLock { state -> Role in
      if let running = state.flights[key], cache.unchanged(owner: owner, since: running.ticket) {
        state.statistics.joined += 1
        return .join(running)
      }
      guard let ticket else { return .lead(nil) }
      let flight = Flight(ticket: ticket)
      state.flights[key] = flight
      return .lead(flight)
    }
    switch role {
    case .join(let flight):
      flight.done.wait()
      // Set before `done` is left.
      return try flight.result.withLock { $0 }!.get()
    case .lead(let flight):
      let result = Result { try body() }
      if let flight {
        state.withLock { state in
          if state.flights[key] === flight { state.flights[key] = nil }
        }
        flight.result.withLock { $0 = result }
        flight.done.leave()
      }
      return try result.get()
    }
  }

  /// The changeset from `base` to `target` remembered for `owner`, or `build`'s, remembered.
  func changeset(
    owner: String, base: String, target: String, _ build: () throws -> WireChangeset
  ) throws -> WireChangeset {
    let key = ChangesetKey(owner: owner, base: base, target: target)
    if let known = state.withLock({ state -> WireChangeset? in
      let known = state.changesets.use(key)
      if known != nil { state.statistics.remembered += 1 }
      return known
    }) {
      return known
    }
    let built = try build()
    let cost = built.encoded().count + owner.utf8.count + 2 * 64
    state.withLock { state in
      state.statistics.computed += 1
      _ = state.changesets.insert(built, for: key, cost: cost) { _, _ in }
    }
    return built
  }
}
