import Foundation
import Synchronization

/// What this process remembers between requests: each owner's served feed and the owner of
/// each bearer token seen, so a read whose answer has not changed costs no database round trip.
///
/// **When it is trusted.** Only while at least one `FeedEvents` listener is connected: its
/// `LISTEN` hears every commit that changes a feed (`accountfeed_feed`) or revokes or removes a
/// token (`accountfeed_tokens`, `SQL/007_token_notify.sql`), by any program. With no listener
/// connected every lookup misses and nothing is stored, so a read goes to the database. A
/// listener connecting or dropping forgets everything.
///
/// **Why a commit is never missed.** Every invalidation advances `clock` and stamps what it
/// forgets with the new value. A reader takes a ticket (the current `clock`) *before* it reads
/// the database, and its result is stored only when nothing it covers was stamped after the
/// ticket. Take a commit C that the read did not see. Then C committed after the read's
/// snapshot, hence after the ticket, and after the listener's `LISTEN` (which preceded
/// the ticket, since a ticket is only given while a listener is connected); so C's notification
/// reaches the listener, which invalidates when it reads it. Either that happens before the
/// reader stores (the stamp is newer than the ticket: the result is dropped) or after (the
/// stored entry is forgotten). So a stale entry lives at most until the listener reads the
/// notification. This process's own writes through the service invalidate synchronously when
/// they commit, before the write returns, so a client that writes and then reads sees its write.
///
/// The one window left is a listener whose connection broke unnoticed: until its thread sees
/// the error (at most its poll interval, 200 ms) entries are still served, and the commits
/// made meanwhile are caught by the forgetting that follows.
///
/// A feed also changes with no write when a notice window opens or closes, so each feed entry
/// expires just before the owner's next window edge, measured before the read.
///
/// Size: one entry per owner and per valid token read, both bounded by the database's rows;
/// past `capacity` owners everything is forgotten at once rather than tracked.
final class ServedCache: Sendable {
  private struct OwnerEntry {
    /// The stamp of the owner's last invalidation.
    var invalidated: UInt64
    var feed: ServedFeed?
    var expires: ContinuousClock.Instant?
  }

  private struct State {
    var clock: UInt64 = 0
    var listeners = 0
    /// The stamp of the last time everything was forgotten.
    var everything: UInt64 = 0
    /// The stamp of the last time every token was forgotten.
    var tokensForgotten: UInt64 = 0
    var owners: [String: OwnerEntry] = [:]
    /// Token secret hash → owner.
    var tokens: [String: String] = [:]

    mutating func advance() -> UInt64 {
      clock += 1
      return clock
    }

    mutating func forgetEverything() {
      everything = advance()
      owners = [:]
      tokens = [:]
    }
  }

  private let state = Mutex(State())
  private let capacity: Int

  init(capacity: Int = 10_000) {
    self.capacity = capacity
  }

  /// Taken before a read whose result may be stored; nil while no listener is connected.
  func ticket() -> UInt64? {
    state.withLock { $0.listeners > 0 ? $0.clock : nil }
  }

  /// The owner's cached feed, unless it is missing, expired or untrusted.
  func feed(owner: String) -> ServedFeed? {
    state.withLock { state in
      guard state.listeners > 0, let entry = state.owners[owner], let feed = entry.feed else {
        return nil
      }
      if let expires = entry.expires, expires <= .now { return nil }
      return feed
    }
  }

  /// Keeps `feed` for `owner` unless the owner was invalidated after `ticket` was taken.
  func store(_ feed: ServedFeed, owner: String, expires: ContinuousClock.Instant?, ticket: UInt64) {
    state.withLock { state in
      let invalidated = state.owners[owner]?.invalidated ?? 0
      guard state.listeners > 0, state.everything <= ticket, invalidated <= ticket else { return }
      if state.owners[owner] == nil, state.owners.count >= capacity {
        state.forgetEverything()
        return
      }
      state.owners[owner] = OwnerEntry(invalidated: invalidated, feed: feed, expires: expires)
    }
  }

  /// The owner of the token whose secret hashes to `hash`, when cached and trusted.
  func tokenOwner(hash: String) -> String? {
    state.withLock { $0.listeners > 0 ? $0.tokens[hash] : nil }
  }

  /// Remembers a valid token unless tokens were forgotten after `ticket` was taken.
  func remember(tokenHash hash: String, owner: String, ticket: UInt64) {
    state.withLock { state in
      guard state.listeners > 0, state.everything <= ticket, state.tokensForgotten <= ticket
      else { return }
      if state.tokens[hash] == nil, state.tokens.count >= capacity { state.tokens = [:] }
      state.tokens[hash] = owner
    }
  }

  /// The owner's feed may have changed: forget it, and any read of it in flight.
  func invalidate(owner: String) {
    state.withLock { state in
      let stamp = state.advance()
      if state.owners[owner] == nil, state.owners.count >= capacity {
        state.forgetEverything()
      } else {
        state.owners[owner] = OwnerEntry(invalidated: stamp)
      }
    }
  }

  /// Every owner's feed may have changed (an operator's write).
  func invalidateAll() {
    state.withLock { $0.forgetEverything() }
  }

  /// A token was revoked or removed: forget every token, and any lookup in flight.
  func invalidateTokens() {
    state.withLock { state in
      state.tokensForgotten = state.advance()
      state.tokens = [:]
    }
  }

  /// A listener's `LISTEN` is in place: from now on every commit is heard.
  func listenerConnected() {
    state.withLock { state in
      state.listeners += 1
      state.forgetEverything()
    }
  }

  /// A listener's connection is gone (or stopped): what it would have heard is unknown.
  func listenerDisconnected() {
    state.withLock { state in
      state.listeners -= 1
      state.forgetEverything()
    }
  }
}
