/// What the service's cache of served feeds and tokens has done since the start and holds now
/// (`FeedService.cacheStatistics`), for a front end to publish: its hit rate says whether
/// `--cache-bytes` fits the owners being read, and evictions that it does not.
public struct CacheStatistics: Sendable, Hashable {
  /// Feed lookups answered from the cache, and those that went to the database.
  public var feedHits = 0
  public var feedMisses = 0
  /// Token lookups answered from the cache, and those that went to the database.
  public var tokenHits = 0
  public var tokenMisses = 0
  /// Entries forgotten to make room for newer ones (not those a change forgot).
  public var evictions = 0
  /// What the entries held now cost, in bytes: each feed's JSON, plus a fixed overhead per
  /// entry (`ServedCache.entryOverhead`) and its key.
  public var bytes = 0
  /// The most bytes the entries may cost.
  public var capacity = 0
  /// Entries held now: owners' feeds (or the mark of a recent change) and tokens.
  public var entries = 0

  public init() {}
}
