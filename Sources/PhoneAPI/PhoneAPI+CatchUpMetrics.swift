import FeedService
import HTTPServer

/// Shared catch-ups in `/metrics`: how many changesets an owner's streams cost, against how
/// many catch-ups were answered by one already running or built.
extension PhoneAPI {
  static func addCatchUpCounters(to metrics: ServerMetrics, service: FeedService) {
    metrics.add(
      ServerMetrics.Gauge(
        name: "feed_catchups_total",
        help:
          "Catch-ups since the start: changesets built, and catch-ups that joined one running or reused one built.",
        kind: .counter
      ) {
        let statistics = service.catchUpStatistics
        return [
          ("result=\"computed\"", statistics.computed),
          ("result=\"joined\"", statistics.joined),
          ("result=\"remembered\"", statistics.remembered),
        ]
      })
  }
}
