import Foundation
import Synchronization

/// Counts what the server did, for `/metrics` in Prometheus's text format: requests by route
/// and status, a latency histogram by route, open event streams, and gauges the front end adds
/// (such as its database pool's use).
public final class ServerMetrics: Sendable {
  /// A value read when `/metrics` is scraped: a gauge (what is so now) or, with
  /// `kind: .counter`, a count that only grows from the start, which Prometheus rates.
  public struct Gauge: Sendable {
    /// How Prometheus reads the values.
    public enum Kind: String, Sendable {
      case gauge
      /// Only grows; its name ends in `_total`.
      case counter
    }

    public let name: String
    public let help: String
    public let kind: Kind
    public let read: @Sendable () -> [(labels: String, value: Int)]

    /// - Parameter read: the current values, each with its label set (`""` for none, or
    ///   `state="idle"`).
    public init(
      name: String, help: String, kind: Kind = .gauge,
      read: @escaping @Sendable () -> [(labels: String, value: Int)]
    ) {
      self.name = name
      self.help = help
      self.kind = kind
      self.read = read
    }
  }

  /// Upper bounds of the latency buckets, in seconds.
  public static let buckets: [Double] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
  ]

  /// What the server counts about its bounds, each a `_total` counter.
  enum Counter: CaseIterable {
    /// Connections refused past the connection limit: answered 503, or closed past the reserve.
    case refusedConnections
    /// Connections refused past the limit per client address: answered 429.
    case refusedAddressConnections
    /// Connections closed because their request had not arrived by the deadline.
    case lateRequests
    /// Event streams ended for staying behind.
    case laggingStreams
    /// Requests answered 503 without running: the workers' queue was full, or they waited in it
    /// too long.
    case shedRequests
    /// Requests answered 429 without running: their client had as many waiting as one may.
    case clientRequestsRefused

    var name: String {
      switch self {
      case .refusedConnections: "feed_http_connections_refused_total"
      case .refusedAddressConnections: "feed_http_address_connections_refused_total"
      case .lateRequests: "feed_http_late_requests_closed_total"
      case .laggingStreams: "feed_http_streams_ended_lagging_total"
      case .shedRequests: "feed_http_requests_shed_total"
      case .clientRequestsRefused: "feed_http_client_requests_refused_total"
      }
    }

    var help: String {
      switch self {
      case .refusedConnections:
        "Connections refused past the connection limit (503, or closed past the reserve)."
      case .refusedAddressConnections:
        "Connections refused past the limit per client address (429)."
      case .lateRequests: "Connections closed because their request had not arrived in time."
      case .laggingStreams: "Event streams ended because their client stayed behind."
      case .shedRequests:
        "Requests answered 503 unrun: the work queue was full or they waited in it too long."
      case .clientRequestsRefused:
        "Requests answered 429 unrun: their client had as many waiting as one may."
      }
    }
  }

  private struct Latency {
    var counts = [Int](repeating: 0, count: ServerMetrics.buckets.count)
    var total = 0
    var sum = 0.0
  }

  private struct Key: Hashable {
    let route: String
    let status: Int
  }

  private struct State {
    var requests: [Key: Int] = [:]
    var latency: [String: Latency] = [:]
    var openStreams = 0
    var counters: [Counter: Int] = [:]
  }

  private let state = Mutex(State())
  private let gauges: Mutex<[Gauge]> = Mutex([])

  public init() {}

  /// Adds a gauge to the exposition.
  public func add(_ gauge: Gauge) {
    gauges.withLock { $0.append(gauge) }
  }

  /// Counts one answered request and how long the server took to answer it.
  func record(route: String, status: Int, seconds: Double) {
    state.withLock { state in
      state.requests[Key(route: route, status: status), default: 0] += 1
      var latency = state.latency[route] ?? Latency()
      for (index, bound) in Self.buckets.enumerated() where seconds <= bound {
        latency.counts[index] += 1
      }
      latency.total += 1
      latency.sum += seconds
      state.latency[route] = latency
    }
  }

  func count(_ counter: Counter, by amount: Int = 1) {
    state.withLock { $0.counters[counter, default: 0] += amount }
  }

  func streamOpened() { state.withLock { $0.openStreams += 1 } }
  func streamClosed() { state.withLock { $0.openStreams -= 1 } }

  /// Event streams open now.
  public var openStreams: Int { state.withLock { $0.openStreams } }

  /// The exposition, in a stable order (so two scrapes of the same counts are the same text).
  public func exposition() -> String {
    let snapshot = state.withLock { $0 }
    var lines = [
      "# HELP feed_http_requests_total Requests answered, by route and status.",
      "# TYPE feed_http_requests_total counter",
    ]
    for (key, count) in snapshot.requests.sorted(by: {
      ($0.key.route, $0.key.status) < ($1.key.route, $1.key.status)
    }) {
      lines.append(
        "feed_http_requests_total{route=\"\(Self.escape(key.route))\",status=\"\(key.status)\"} \(count)"
      )
    }
    lines += [
      "# HELP feed_http_request_duration_seconds Time from a request's arrival to its response being queued.",
      "# TYPE feed_http_request_duration_seconds histogram",
    ]
    for (route, latency) in snapshot.latency.sorted(by: { $0.key < $1.key }) {
      let label = "route=\"\(Self.escape(route))\""
      for (index, bound) in Self.buckets.enumerated() {
        lines.append(
          "feed_http_request_duration_seconds_bucket{\(label),le=\"\(bound)\"} \(latency.counts[index])"
        )
      }
      lines += [
        "feed_http_request_duration_seconds_bucket{\(label),le=\"+Inf\"} \(latency.total)",
        "feed_http_request_duration_seconds_sum{\(label)} \(latency.sum)",
        "feed_http_request_duration_seconds_count{\(label)} \(latency.total)",
      ]
    }
    lines += [
      "# HELP feed_http_open_streams Event streams open now.",
      "# TYPE feed_http_open_streams gauge",
      "feed_http_open_streams \(snapshot.openStreams)",
    ]
    for counter in Counter.allCases {
      lines += [
        "# HELP \(counter.name) \(counter.help)", "# TYPE \(counter.name) counter",
        "\(counter.name) \(snapshot.counters[counter, default: 0])",
      ]
    }
    for gauge in gauges.withLock({ $0 }) {
      lines += [
        "# HELP \(gauge.name) \(gauge.help)", "# TYPE \(gauge.name) \(gauge.kind.rawValue)",
      ]
      for (labels, value) in gauge.read() {
        lines.append(
          labels.isEmpty ? "\(gauge.name) \(value)" : "\(gauge.name){\(labels)} \(value)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
  }
}
