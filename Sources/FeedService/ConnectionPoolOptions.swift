/// How many database connections a service keeps, and how long a caller waits for one.
///
/// A front end that serves many threads at once (the HTTP server) asks for several; `feedctl`,
/// which does one thing at a time, keeps the default of one, so it never opens a connection it
/// does not use.
public struct ConnectionPoolOptions: Hashable, Sendable {
  /// At most this many connections are open at once; 1 or more.
  public var connections: Int
  /// A caller waits at most this long for a free connection, then gets
  /// `FeedServiceError.unavailable` instead of hanging behind stuck work.
  public var waitLimit: Duration
  /// A connection idle for longer than this is checked with a round trip before it is lent,
  /// so one the server dropped meanwhile (a restart, an idle timeout) is replaced unseen.
  public var checkIdleAfter: Duration

  public init(
    connections: Int = 1, waitLimit: Duration = .seconds(5), checkIdleAfter: Duration = .seconds(10)
  ) {
    self.connections = max(1, connections)
    self.waitLimit = waitLimit
    self.checkIdleAfter = checkIdleAfter
  }
}
