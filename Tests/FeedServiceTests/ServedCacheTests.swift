import FeedComponents
import Testing

@testable import FeedService

/// The rule that keeps the cache from outliving a commit: a read is kept only when nothing it
/// covers was invalidated after its ticket, and nothing is trusted without a listener.
@Suite struct ServedCacheTests {
  static func feed(_ owner: String) throws -> ServedFeed {
    ServedFeed(try FeedDocument(owner: owner, sections: []))
  }

  static func listening() -> ServedCache {
    let cache = ServedCache()
    cache.listenerConnected()
    return cache
  }

  @Test func aReadIsServedUntilItsOwnerIsInvalidated() throws {
    let cache = Self.listening()
    cache.store(
      try Self.feed("demo"), owner: "demo", expires: nil, ticket: try #require(cache.ticket()))
    #expect(cache.feed(owner: "demo") != nil)
    cache.invalidate(owner: "demo")
    #expect(cache.feed(owner: "demo") == nil)
  }

  @Test func aReadOvertakenByItsOwnersInvalidationIsNotKept() throws {
    let cache = Self.listening()
    let ticket = try #require(cache.ticket())
    cache.invalidate(owner: "demo")
    cache.store(try Self.feed("demo"), owner: "demo", expires: nil, ticket: ticket)
    #expect(cache.feed(owner: "demo") == nil)
  }

  @Test func anotherOwnersInvalidationDoesNotDropARead() throws {
    let cache = Self.listening()
    let ticket = try #require(cache.ticket())
    cache.invalidate(owner: "carol")
    cache.store(try Self.feed("demo"), owner: "demo", expires: nil, ticket: ticket)
    #expect(cache.feed(owner: "demo") != nil)
  }

  @Test func withoutAListenerNothingIsKept() throws {
    let cache = ServedCache()
    #expect(cache.ticket() == nil)
    cache.store(try Self.feed("demo"), owner: "demo", expires: nil, ticket: 0)
    cache.remember(tokenHash: "hash", owner: "demo", ticket: 0)
    #expect(cache.feed(owner: "demo") == nil)
    #expect(cache.tokenOwner(hash: "hash") == nil)
  }

  @Test func aListenerDroppingForgetsEverythingAndDropsReadsInFlight() throws {
    let cache = Self.listening()
    cache.listenerConnected()
    cache.store(
      try Self.feed("demo"), owner: "demo", expires: nil, ticket: try #require(cache.ticket()))
    let ticket = try #require(cache.ticket())
    cache.listenerDisconnected()
    cache.store(try Self.feed("carol"), owner: "carol", expires: nil, ticket: ticket)
    #expect(cache.feed(owner: "demo") == nil)
    #expect(cache.feed(owner: "carol") == nil)
  }

  @Test func anExpiredFeedIsNotServed() throws {
    let cache = Self.listening()
    cache.store(
      try Self.feed("demo"), owner: "demo", expires: .now - .milliseconds(1),
      ticket: try #require(cache.ticket()))
    #expect(cache.feed(owner: "demo") == nil)
  }

  @Test func aTokenLookupOvertakenByARevocationIsNotKept() throws {
    let cache = Self.listening()
    let ticket = try #require(cache.ticket())
    cache.invalidateTokens()
    cache.remember(tokenHash: "hash", owner: "demo", ticket: ticket)
    #expect(cache.tokenOwner(hash: "hash") == nil)
  }
}
