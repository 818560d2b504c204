import BoundedMemory
import Foundation

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
/// A stamp is never lost to the bound: an owner's stamp lives in its entry, and when the entry
/// is evicted its stamp is folded into `forgotten`, a floor every store checks as well. So
/// "stamped after the ticket" is still seen for an evicted owner — for every owner at once,
/// which only drops a few reads in flight. Tokens carry the ticket they were looked up under
/// and count only when no token was forgotten after it (`tokensForgotten`), so forgetting
/// every token is one stamp, not a walk over them.
///
/// The one window left is a listener whose connection broke unnoticed: until its thread sees
/// the error (at most its poll interval, 200 ms) entries are still served, and the commits
/// made meanwhile are caught by the forgetting that follows.
///
/// A feed also changes with no write when a notice window opens or closes, so each feed entry
/// expires just before the owner's next window edge, measured before the read.
///
/// **Size.** Bounded in bytes (`capacity`): a feed costs its gzipped JSON (all `ServedFeed`
/// keeps), every entry a fixed `entryOverhead` plus its key. Past the bound the least recently
/// used entries are evicted (`LeastRecentlyUsed`, O(1) per operation), so a population larger
/// than the cache degrades to a hit rate instead of a cliff; a feed larger than the owners'
/// part is never stored.
/// Tokens and owners are evicted each within their own part (`tokenShare`), so the many
/// larger feeds never push out the tokens every request asks for first.
final class ServedCache: Sendable {
  /// What every entry costs beyond its feed's gzipped JSON: its key's bytes are added, and this
  /// stands for the dictionary slot, the list node and the feed's other fields.
  static let entryOverhead = 256
  /// The default bound: 256 MiB.
  static let defaultCapacity = 256 << 20
  /// Tokens have their own part of the bound, this fraction of it (an eighth: 32 MiB of the
  /// default, some 100,000 tokens), which feeds never evict them from: every request asks for
  /// its token first, and a token missed costs a database round trip before the feed's own.
  static let tokenShare = 8

  /// An owner's feed, or only the stamp of its last invalidation (`feed` nil).
  private struct OwnerEntry {
    let invalidated: UInt64
    let feed: ServedFeed?
    let expires: ContinuousClock.Instant?
  }

  /// A token's owner, looked up under `ticket`.
  private struct TokenEntry {
    let owner: String
    let ticket: UInt64
  }

  private struct State {
    var clock: UInt64 = 0
    var listeners = 0
    /// No owner's store from a ticket older than this is kept: the stamp of the last time
    /// everything was forgotten, or of an evicted owner's last invalidation, the newer.
    var forgotten: UInt64 = 0
    /// The stamp of the last time every token was forgotten.
    var tokensForgotten: UInt64 = 0
    var owners: LeastRecentlyUsed<String, OwnerEntry>
    var tokens: LeastRecentlyUsed<String, TokenEntry>
    var statistics = CacheStatistics()

    /// The current clock, while a listener is connected.
    var ticket: UInt64? { listeners > 0 ? clock : nil }

    mutating func advance() -> UInt64 {
      clock += 1
      return clock
    }

    mutating func forgetEverything() {
      forgotten = advance()
      tokensForgotten = forgotten
      owners.removeAll()
      tokens.removeAll()
    }

    /// The owner's feed, now the most recently used, unless it is missing, expired or
    /// untrusted.
    mutating func trustedFeed(_ owner: String) -> ServedFeed? {
      guard listeners > 0, let entry = owners.use(owner), let feed = entry.feed,
        entry.expires.map({ $0 > .now }) ?? true
      else { return nil }
      return feed
    }

    /// The owner of the token hashing to `hash`, now the most recently used, unless it is
    /// missing or untrusted.
    mutating func trustedOwner(_ hash: String) -> String? {
      guard listeners > 0, let entry = tokens.use(hash), entry.ticket >= tokensForgotten else {
        return nil
      }
      return entry.owner
    }

    /// `found` as a lookup's answer, counted under `hits`, or under `misses` with the ticket a
    /// read that follows takes.
    mutating func counted<Value>(
      _ found: Value?, hits: WritableKeyPath<CacheStatistics, Int>,
      misses: WritableKeyPath<CacheStatistics, Int>
    ) -> Lookup<Value> {
      guard let found else {
        statistics[keyPath: misses] += 1
        return .miss(ticket: ticket)
      }
      statistics[keyPath: hits] += 1
      return .hit(found)
    }

    /// The stamp of the owner's last invalidation that a store must be newer than.
    func invalidated(_ owner: String) -> UInt64 {
      guard let entry = owners.peek(owner) else { return forgotten }
      return max(entry.invalidated, forgotten)
    }

    /// Keeps an owner's entry, folding the stamps of the owners evicted for it into the floor.
    mutating func keep(_ entry: OwnerEntry, for owner: String, cost: Int) -> Bool {
      var evicted = 0
      var floor = forgotten
      let kept = owners.insert(entry, for: owner, cost: cost) { _, entry in
        evicted += 1
        floor = max(floor, entry.invalidated)
      }
      forgotten = floor
      statistics.evictions += evicted
      return kept
    }

    mutating func keep(_ entry: TokenEntry, for hash: String) {
      var evicted = 0
      tokens.insert(
        entry, for: hash, cost: ServedCache.cost(key: hash, value: entry.owner.utf8.count)
      ) {
        _, _ in evicted += 1
      }
      statistics.evictions += evicted
    }

    /// Keeps an owner's stamp; in a cache too small for even that, it goes to the floor.
    mutating func mark(_ owner: String, invalidated stamp: UInt64) {
      let entry = OwnerEntry(invalidated: stamp, feed: nil, expires: nil)
      if !keep(entry, for: owner, cost: ServedCache.cost(key: owner, value: 0)) {
        forgotten = max(forgotten, stamp)
      }
    }
  }

  /// What an entry costs: the fixed overhead, its key's bytes and its value's.
  private static func cost(key: String, value: Int) -> Int {
    entryOverhead + key.utf8.count + value
  }

  /// What a lookup found: the value, or a miss with the ticket a read that follows takes —
  /// in the same moment, so a miss costs the lock once (nil: no listener, nothing is kept).
  enum Lookup<Value> {
    case hit(Value)
    case miss(ticket: UInt64?)

    /// The value found, nil on a miss.
    var hit: Value? {
      guard case .hit(let value) = self else { return nil }
      return value
    }
  }

  private let state: SleepingMutex<State>

  /// - Parameter capacity: the most bytes the entries may cost together.
  convenience init(capacity: Int = ServedCache.defaultCapacity) {
    let tokens = capacity / Self.tokenShare
    self.init(owners: capacity - tokens, tokens: tokens)
  }

  /// - Parameters:
  ///   - owners: the most bytes the owners' entries may cost together.
  ///   - tokens: the most bytes the tokens' entries may cost together.
  init(owners: Int, tokens: Int) {
    state = SleepingMutex(
      State(
        owners: LeastRecentlyUsed(capacity: owners), tokens: LeastRecentlyUsed(capacity: tokens)))
  }

  /// Taken before a read whose result may be stored; nil while no listener is connected.
  func ticket() -> UInt64? {
    state.withLock { $0.ticket }
  }

  /// Whether the owner's feed has not been invalidated since `ticket` was taken, while a
  /// listener heard every commit meanwhile: a read begun after the ticket is still current.
  func unchanged(owner: String, since ticket: UInt64) -> Bool {
    state.withLock { $0.listeners > 0 && $0.invalidated(owner) <= ticket }
  }

  /// The owner's cached feed, unless it is missing, expired or untrusted.
  func feed(owner: String) -> Lookup<ServedFeed> {
    state.withLock { state in
      state.counted(state.trustedFeed(owner), hits: \.feedHits, misses: \.feedMisses)
    }
  }

  /// The owner of the token whose secret hashes to `tokenHash` and that owner's feed, when both
  /// are cached and trusted — a whole read answered from memory, counted as a hit of each —,
  /// else nil, counted as nothing: a read that goes on to the database counts its own lookups
  /// there.
  func ownerAndFeed(tokenHash: String) -> (owner: String, feed: ServedFeed)? {
    state.withLock { state in
      guard let owner = state.trustedOwner(tokenHash), let feed = state.trustedFeed(owner) else {
        return nil
      }
      state.statistics.tokenHits += 1
      state.statistics.feedHits += 1
      return (owner, feed)
    }
  }

  /// Keeps `feed` for `owner` unless the owner was invalidated after `ticket` was taken.
  func store(_ feed: ServedFeed, owner: String, expires: ContinuousClock.Instant?, ticket: UInt64) {
    state.withLock { state in
      let invalidated = state.invalidated(owner)
      guard state.listeners > 0, invalidated <= ticket else { return }
      let cost = Self.cost(key: owner, value: feed.gzipped.count)
      // Too large to keep: what is kept of the owner (its stamp) stays as it is.
      guard cost <= state.owners.capacity else { return }
      let entry = OwnerEntry(invalidated: invalidated, feed: feed, expires: expires)
      _ = state.keep(entry, for: owner, cost: cost)
    }
  }

  /// The owner of the token whose secret hashes to `hash`, when cached and trusted.
  func tokenOwner(hash: String) -> Lookup<String> {
    state.withLock { state in
      state.counted(state.trustedOwner(hash), hits: \.tokenHits, misses: \.tokenMisses)
    }
  }

  /// Remembers a valid token unless tokens were forgotten after `ticket` was taken.
  func remember(tokenHash hash: String, owner: String, ticket: UInt64) {
    state.withLock { state in
      guard state.listeners > 0, state.tokensForgotten <= ticket else { return }
      state.keep(TokenEntry(owner: owner, ticket: ticket), for: hash)
    }
  }

  /// The owner's feed may have changed: forget it, and any read of it in flight.
  func invalidate(owner: String) {
    state.withLock { state in
      state.mark(owner, invalidated: state.advance())
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

  /// What the cache has done and holds now.
  var statistics: CacheStatistics {
    state.withLock { state in
      var statistics = state.statistics
      statistics.bytes = state.owners.bytes + state.tokens.bytes
      statistics.capacity = state.owners.capacity + state.tokens.capacity
      statistics.entries = state.owners.count + state.tokens.count
      return statistics
    }
  }
}
