/// When to reconnect an event stream: exponential backoff with jitter, so that phones cut off
/// together (a server restart) do not all come back in the same instant.
///
/// The base delay is the stream's `retry:` field once the server sends one (as an `EventSource`
/// does); a `Retry-After` on a refusal (429, 503) is waited out in full before any jitter.
public struct ReconnectPolicy: Sendable, Equatable {
  /// The first delay, until the server names its own with `retry:`.
  public var initialDelay: Duration
  /// The longest delay between attempts.
  public var maximumDelay: Duration
  /// The fraction of each delay that is random: 0.5 waits between half and all of it.
  public var jitter: Double

  public init(
    initialDelay: Duration = .seconds(1), maximumDelay: Duration = .seconds(30),
    jitter: Double = 0.5
  ) {
    self.initialDelay = initialDelay
    self.maximumDelay = maximumDelay
    self.jitter = min(max(jitter, 0), 1)
  }

  /// The wait before attempt `attempt` (0 after a stream that was open), from `base` (the
  /// server's `retry:` or `initialDelay`); at least `retryAfter` when the server asked for it.
  public func delay(
    attempt: Int, base: Duration? = nil, retryAfter: Duration? = nil,
    random: Double = Double.random(in: 0...1)
  ) -> Duration {
    let start = base ?? initialDelay
    let grown = start * Double(1 << min(max(attempt, 0), 16))
    let capped = min(grown, maximumDelay)
    let jittered = capped * (1 - jitter * random)
    guard let retryAfter else { return jittered }
    return retryAfter + jittered * jitter
  }
}
