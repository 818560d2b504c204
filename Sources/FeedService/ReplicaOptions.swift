/// How a service uses a streaming read replica: how many connections it keeps there, how long a
/// read waits for the replica to replay a commit the reader may have seen, and when the replica
/// is too far behind to be asked at all.
///
/// A read never waits longer than `catchUpWait` for the replica: past it, the read goes to the
/// primary, which has every commit. So lag costs the primary some reads, never a phone an older
/// document.
public struct ReplicaOptions: Hashable, Sendable {
  /// The replica's connections: at most this many are open at once, each lent to one read.
  public var pool: ConnectionPoolOptions
  /// How long a read may wait for the replica to replay a commit announced or made here.
  public var catchUpWait: Duration
  /// A replica whose replay is more than this many bytes of log behind the primary (measured by
  /// `/readyz` and `/metrics`) is sent no reads until it has caught up.
  public var maxLagBytes: Int64
  /// After the replica failed (refused a connection, dropped a session), reads go to the
  /// primary for this long before the replica is tried again.
  public var retryAfter: Duration

  public init(
    pool: ConnectionPoolOptions = ConnectionPoolOptions(),
    catchUpWait: Duration = .milliseconds(250),
    maxLagBytes: Int64 = 16 << 20, retryAfter: Duration = .seconds(1)
  ) {
    self.pool = pool
    self.catchUpWait = catchUpWait
    self.maxLagBytes = maxLagBytes
    self.retryAfter = retryAfter
  }
}
