/// The bounds that keep one client from costing others: request size, header size, idle
/// time, connections in all and per address, how long a request may take to arrive, the
/// workers that run blocking routes and the queue in front of them, how far an event stream may
/// fall behind, and how the server paces streams and stops. Each bound and what happens past it
/// is in docs/http.md ("Limits").
public struct HTTPLimits: Sendable {
  /// The largest request body accepted; a larger one is refused with 413.
  public var maxBodyBytes = 64 * 1024
  /// Memory for one connection's request line and header fields; a request whose header does
  /// not fit is refused by libmicrohttpd (431) before any route runs.
  public var maxHeaderBytes = 32 * 1024
  /// Seconds a connection may sit idle (nothing read or written) before it is closed. Event
  /// streams send heartbeats more often than this.
  public var idleTimeoutSeconds = 30
  /// Seconds from a connection starting to wait for a request (opened, or kept alive after a
  /// response) to that request's header and body having all arrived; later, it is closed. A
  /// client trickling a byte a second is never idle, so only this frees it.
  public var requestDeadlineSeconds = 20.0
  /// Connections served at once, idle event streams included. Past it a connection is answered
  /// 503 with `Retry-After` from a small reserve; the server lowers it to what its file
  /// descriptors allow (`HTTPServer.connectionLimit`).
  public var maxConnections = 20_000
  /// Connections served at once from one client address; past it, 429 with `Retry-After`.
  public var maxConnectionsPerAddress = 1_000
  /// Connections accepted past the limits only to be told 503 or 429; past these too, a
  /// connection is closed as it is accepted.
  public var refusalReserve = 64
  /// Bytes an event stream may hold unsent before it counts as behind: a front end then waits
  /// for it to drain and sends one catch-up, and an event sent to it regardless ends it.
  public var streamBufferBytes = 256 * 1024
  /// Seconds an event stream may keep unsent bytes without draining them before it is ended
  /// (the client resumes with `Last-Event-ID`).
  public var streamLagSeconds = 30.0
  /// Network threads: each waits on its own connections with epoll, reads their requests and
  /// writes their responses. Routes that may block run on `workers` instead.
  public var threads = 4
  /// Threads running the routes that may block (`Router`: database work), so a slow one holds
  /// a worker and never a network thread. `feedctl serve` opens as many database connections.
  public var workers = 8
  /// Requests waiting for a worker; past it a request is answered 503 `overloaded` with
  /// `Retry-After` at once.
  public var maxQueuedRequests = 256
  /// Seconds a request may wait for a worker; past it, 503 `overloaded` with `Retry-After`.
  public var maxQueueWaitSeconds = 5.0
  /// Requests of one client (`Router.fairnessKey`: the phone API's token) worked on at once;
  /// its others wait without holding a worker, so one client cannot take every worker. Nil:
  /// half the workers (at least one).
  public var maxWorkersPerClient: Int?
  /// Requests of one client waiting for a worker; past it, 429 `too_many_requests` with
  /// `Retry-After`.
  public var maxQueuedPerClient = 32
  /// Seconds between heartbeat comments on an event stream.
  public var heartbeatSeconds = 15.0
  /// Seconds `stop()` waits for requests in progress to finish before closing them.
  public var drainSeconds = 10.0

  public init() {}
}

extension HTTPLimits {
  /// The workers' bounds, each at least 1.
  var workerBounds: RequestWorkers.Bounds {
    RequestWorkers.Bounds(
      threads: max(1, workers), queueLimit: max(1, maxQueuedRequests),
      perClientRunning: max(1, maxWorkersPerClient ?? workers / 2),
      perClientQueued: max(1, maxQueuedPerClient),
      maxWait: .milliseconds(Int(maxQueueWaitSeconds * 1000)))
  }
}
