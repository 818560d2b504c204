/// The bounds that keep one client from costing others: request size, header size, idle
/// time and connection count, and how the server paces streams and stops.
public struct HTTPLimits: Sendable {
  /// The largest request body accepted; a larger one is refused with 413.
  public var maxBodyBytes = 64 * 1024
  /// Memory for one connection's request line and header fields; a request whose header does
  /// not fit is refused by libmicrohttpd (431) before any route runs.
  public var maxHeaderBytes = 32 * 1024
  /// Seconds a connection may sit idle (including while it sends its header) before it is
  /// closed. Event streams send heartbeats more often than this.
  public var idleTimeoutSeconds = 30
  /// Connections open at once, idle event streams included.
  public var maxConnections = 4096
  /// Threads serving requests; each one polls its own connections (see `HTTPServer`).
  public var threads = 4
  /// Seconds between heartbeat comments on an event stream.
  public var heartbeatSeconds = 15.0
  /// Seconds `stop()` waits for requests in progress to finish before closing them.
  public var drainSeconds = 10.0

  public init() {}
}
