import FeedService
import HTTPServer

/// The cache of served feeds and tokens in `/metrics`: whether `--cache-bytes` fits the owners
/// being read shows as its hit rate and its evictions.
extension PhoneAPI {
  static func addCacheGauges(to metrics: ServerMetrics, service: FeedService) {
    metrics.add(
      ServerMetrics.Gauge(
        name: "feed_cache_lookups_total",
        help: "Cache lookups since the start, by what was looked up and whether it was found.",
        kind: .counter
      ) {
        let statistics = service.cacheStatistics
        return [
          ("kind=\"feed\",result=\"hit\"", statistics.feedHits),
          ("kind=\"feed\",result=\"miss\"", statistics.feedMisses),
          ("kind=\"token\",result=\"hit\"", statistics.tokenHits),
          ("kind=\"token\",result=\"miss\"", statistics.tokenMisses),
        ]
      })
    metrics.add(
      ServerMetrics.Gauge(
        name: "feed_cache_evictions_total",
        help: "Cache entries forgotten since the start to make room for newer ones.",
        kind: .counter
      ) { [("", service.cacheStatistics.evictions)] })
    metrics.add(
      ServerMetrics.Gauge(
        name: "feed_cache_bytes",
        help:
          "Bytes the cache's entries cost now (feeds' gzipped JSON plus a fixed overhead each), and its bound."
      ) {
        let statistics = service.cacheStatistics
        return [("state=\"held\"", statistics.bytes), ("state=\"capacity\"", statistics.capacity)]
      })
    metrics.add(
      ServerMetrics.Gauge(name: "feed_cache_entries", help: "Entries the cache holds now.") {
        [("", service.cacheStatistics.entries)]
      })
  }
}
