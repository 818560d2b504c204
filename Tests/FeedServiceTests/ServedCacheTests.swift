import FeedComponents
import Testing

@testable import FeedService

/// The rule that keeps the cache from outliving a commit: a read is kept only when nothing it
/// covers was invalidated after its ticket, and nothing is trusted without a listener; and the
/// bound in bytes, past which the least recently read are forgotten.
@Suite struct ServedCacheTests {
  /// A feed to keep. The cache keeps what it is given under the owner it is told, so every
  /// owner is given this one, and entries differ in cost by their keys alone.
  static func feed() throws -> ServedFeed {
    ServedFeed(try FeedDocument(owner: "owner", sections: []))
  }

  /// A cache whose listener is connected, with `owners` bytes for owners' entries and
  /// `tokens` for tokens' (by default, the default bound's parts).
  static func listening(owners: Int? = nil, tokens: Int? = nil) -> ServedCache {
    let cache =
      owners == nil && tokens == nil
      ? ServedCache() : ServedCache(owners: owners ?? 0, tokens: tokens ?? 0)
    cache.listenerConnected()
    return cache
  }

  /// What an owner's feed entry costs.
  static func cost(_ owner: String) throws -> Int {
    ServedCache.entryOverhead + owner.utf8.count + (try feed().gzipped.count)
  }

  static func store(_ owner: String, in cache: ServedCache) throws {
    cache.store(
      try feed(), owner: owner, expires: nil, ticket: try #require(cache.ticket()))
  }

  @Test func aReadIsServedUntilItsOwnerIsInvalidated() throws {
    let cache = Self.listening()
    cache.store(
      try Self.feed(), owner: "demo", expires: nil, ticket: try #require(cache.ticket()))
    #expect(cache.feed(owner: "demo").hit != nil)
    cache.invalidate(owner: "demo")
    #expect(cache.feed(owner: "demo").hit == nil)
  }

  @Test func aReadOvertakenByItsOwnersInvalidationIsNotKept() throws {
    let cache = Self.listening()
    let ticket = try #require(cache.ticket())
    cache.invalidate(owner: "demo")
    cache.store(try Self.feed(), owner: "demo", expires: nil, ticket: ticket)
    #expect(cache.feed(owner: "demo").hit == nil)
  }

  @Test func anotherOwnersInvalidationDoesNotDropARead() throws {
    let cache = Self.listening()
    let ticket = try #require(cache.ticket())
    cache.invalidate(owner: "carol")
    cache.store(try Self.feed(), owner: "demo", expires: nil, ticket: ticket)
    #expect(cache.feed(owner: "demo").hit != nil)
  }

  @Test func withoutAListenerNothingIsKept() throws {
    let cache = ServedCache()
    #expect(cache.ticket() == nil)
    cache.store(try Self.feed(), owner: "demo", expires: nil, ticket: 0)
    cache.remember(tokenHash: "hash", owner: "demo", ticket: 0)
    #expect(cache.feed(owner: "demo").hit == nil)
    #expect(cache.tokenOwner(hash: "hash").hit == nil)
  }

  @Test func aListenerDroppingForgetsEverythingAndDropsReadsInFlight() throws {
    let cache = Self.listening()
    cache.listenerConnected()
    cache.store(
      try Self.feed(), owner: "demo", expires: nil, ticket: try #require(cache.ticket()))
    let ticket = try #require(cache.ticket())
    cache.listenerDisconnected()
    cache.store(try Self.feed(), owner: "carol", expires: nil, ticket: ticket)
    #expect(cache.feed(owner: "demo").hit == nil)
    #expect(cache.feed(owner: "carol").hit == nil)
  }

  @Test func anExpiredFeedIsNotServed() throws {
    let cache = Self.listening()
    cache.store(
      try Self.feed(), owner: "demo", expires: .now - .milliseconds(1),
      ticket: try #require(cache.ticket()))
    #expect(cache.feed(owner: "demo").hit == nil)
  }

  @Test func aTokenLookupOvertakenByARevocationIsNotKept() throws {
    let cache = Self.listening()
    let ticket = try #require(cache.ticket())
    cache.invalidateTokens()
    cache.remember(tokenHash: "hash", owner: "demo", ticket: ticket)
    #expect(cache.tokenOwner(hash: "hash").hit == nil)
  }

  @Test func aRevocationForgetsTheTokensAlreadyRemembered() throws {
    let cache = Self.listening()
    cache.remember(tokenHash: "hash", owner: "demo", ticket: try #require(cache.ticket()))
    cache.invalidateTokens()
    #expect(cache.tokenOwner(hash: "hash").hit == nil)
  }

  @Test func pastTheBoundTheLeastRecentlyReadOwnerIsForgotten() throws {
    let cache = Self.listening(owners: 2 * (try Self.cost("a")))
    try Self.store("a", in: cache)
    try Self.store("b", in: cache)
    _ = cache.feed(owner: "a").hit
    try Self.store("c", in: cache)
    #expect(cache.feed(owner: "a").hit != nil)
    #expect(cache.feed(owner: "b").hit == nil)
    #expect(cache.feed(owner: "c").hit != nil)
    #expect(cache.statistics.evictions == 1)
  }

  @Test func theBytesHeldStayWithinTheBound() throws {
    let capacity = 5 * (try Self.cost("a")) + 17
    let cache = Self.listening(owners: capacity)
    for owner in "abcdefghijklmnopqrstuvwxyz" {
      try Self.store(String(owner), in: cache)
      #expect(cache.statistics.bytes <= capacity)
    }
    let statistics = cache.statistics
    #expect(statistics.entries == 5)
    #expect(statistics.bytes == 5 * (try Self.cost("a")))
    #expect(statistics.evictions == 21)
  }

  @Test func aFeedLargerThanTheWholeCacheIsNotStoredNorEvictsOthers() throws {
    let large = String(repeating: "l", count: 64)
    let cache = Self.listening(owners: try Self.cost(large) - 1)
    try Self.store("a", in: cache)
    try Self.store(large, in: cache)
    #expect(cache.feed(owner: large).hit == nil)
    #expect(cache.feed(owner: "a").hit != nil)
    #expect(cache.statistics.evictions == 0)
  }

  @Test func anInvalidationWinsOverARacingStoreEvenWhenItsMarkIsEvicted() throws {
    let cache = Self.listening(owners: try Self.cost("a"))
    let ticket = try #require(cache.ticket())
    cache.invalidate(owner: "a")
    try Self.store("b", in: cache)
    #expect(cache.statistics.evictions == 1)
    cache.store(try Self.feed(), owner: "a", expires: nil, ticket: ticket)
    #expect(cache.feed(owner: "a").hit == nil)
  }

  @Test func pastTheirPartOfTheBoundTheLeastRecentlyUsedTokenIsForgotten() throws {
    let cost = ServedCache.entryOverhead + "hash1".utf8.count + "demo".utf8.count
    let cache = Self.listening(tokens: 2 * cost)
    for number in 1...3 {
      cache.remember(
        tokenHash: "hash\(number)", owner: "demo", ticket: try #require(cache.ticket()))
    }
    #expect(cache.tokenOwner(hash: "hash1").hit == nil)
    #expect(cache.tokenOwner(hash: "hash3").hit == "demo")
    #expect(cache.statistics.entries == 2)
  }

  /// The lookups counted: feed hits, feed misses, token hits, token misses.
  static func lookups(_ cache: ServedCache) -> [Int] {
    let statistics = cache.statistics
    return [
      statistics.feedHits, statistics.feedMisses, statistics.tokenHits, statistics.tokenMisses,
    ]
  }

  @Test func hitsAndMissesAreCounted() throws {
    let cache = Self.listening()
    _ = cache.feed(owner: "a").hit
    try Self.store("a", in: cache)
    _ = cache.feed(owner: "a").hit
    _ = cache.feed(owner: "a").hit
    _ = cache.tokenOwner(hash: "hash").hit
    #expect(Self.lookups(cache) == [2, 1, 0, 1])
  }

  @Test func aWholeReadFromMemoryNeedsTheTokenAndTheFeedAndCountsOneHitOfEach() throws {
    let cache = Self.listening()
    cache.remember(tokenHash: "hash", owner: "a", ticket: try #require(cache.ticket()))
    #expect(cache.ownerAndFeed(tokenHash: "hash") == nil)
    try Self.store("a", in: cache)
    #expect(cache.ownerAndFeed(tokenHash: "other") == nil)
    let found = try #require(cache.ownerAndFeed(tokenHash: "hash"))
    #expect(found.owner == "a")
    #expect(found.feed.digest == (try Self.feed()).digest)
    #expect(Self.lookups(cache) == [1, 0, 1, 0])
  }

  @Test func aWholeReadFromMemoryIsNotTrustedWithoutAListener() throws {
    let cache = Self.listening()
    cache.remember(tokenHash: "hash", owner: "a", ticket: try #require(cache.ticket()))
    try Self.store("a", in: cache)
    cache.listenerDisconnected()
    cache.listenerConnected()
    #expect(cache.ownerAndFeed(tokenHash: "hash") == nil)
  }

  @Test func aMissCarriesTheTicketAReadThatFollowsStoresUnder() throws {
    let cache = Self.listening()
    guard case .miss(let ticket?) = cache.feed(owner: "a") else {
      Issue.record("a miss while listening carries a ticket")
      return
    }
    cache.store(try Self.feed(), owner: "a", expires: nil, ticket: ticket)
    #expect(cache.feed(owner: "a").hit != nil)
  }

  @Test func aMissWithoutAListenerCarriesNoTicket() {
    let cache = ServedCache()
    guard case .miss(nil) = cache.tokenOwner(hash: "hash") else {
      Issue.record("without a listener a miss carries no ticket")
      return
    }
  }

  @Test func feedsNeverEvictATokenAndTokensNeverEvictAFeed() throws {
    let cache = Self.listening(owners: try Self.cost("a"), tokens: 1_000)
    cache.remember(tokenHash: "hash", owner: "a", ticket: try #require(cache.ticket()))
    for owner in "abcdefghij" { try Self.store(String(owner), in: cache) }
    #expect(cache.tokenOwner(hash: "hash").hit == "a")
    for number in 1...10 {
      cache.remember(
        tokenHash: "hash\(number)", owner: "a", ticket: try #require(cache.ticket()))
    }
    #expect(cache.feed(owner: "j").hit != nil)
  }

  @Test func aBoundGivesTokensAnEighthOfIt() throws {
    let tokenCost = ServedCache.entryOverhead + "hash1".utf8.count + "a".utf8.count
    let cache = ServedCache(capacity: 16 * tokenCost)
    cache.listenerConnected()
    for number in 1...3 {
      cache.remember(
        tokenHash: "hash\(number)", owner: "a", ticket: try #require(cache.ticket()))
    }
    #expect(cache.tokenOwner(hash: "hash1").hit == nil)
    #expect(cache.tokenOwner(hash: "hash2").hit == "a")
    #expect(cache.statistics.capacity == 16 * tokenCost)
  }
}
