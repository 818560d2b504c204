import Foundation

/// A connection to PostgreSQL that any task or thread may share.
///
/// libpq connections are not thread-safe, so every use of the underlying `PGconn` happens while
/// holding one lock owned by this object: statements from different threads run one after
/// another, never interleaved on the wire. A transaction holds the lock for its whole body, so
/// the statements of a transaction are never mixed with anyone else's. The lock is recursive,
/// which keeps a body that calls back into its own connection from deadlocking; its statements
/// simply join the open transaction. That is why the class can honestly be `@unchecked Sendable`:
/// all mutable state is behind the lock.
///
/// Calls block the calling thread while the server works, like libpq itself.
public final class PostgresConnection: PostgresQueryable, @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private let handle: ConnectionHandle
  private var isInTransaction = false

  /// Opens a connection. Fails within the configuration's connect timeout when no server answers.
  public init(_ configuration: PostgresConfiguration) throws {
    handle = try ConnectionHandle(configuration: configuration)
  }

  /// The server's version as a number, e.g. `150008` for 15.8.
  public var serverVersion: Int {
    lock.withLock { handle.serverVersion }
  }

  public func query(_ query: PostgresQuery) throws -> PostgresRows {
    try lock.withLock { try handle.execute(query) }
  }

  public func pipeline(_ queries: [PostgresQuery]) throws -> [PostgresRows] {
    try lock.withLock { try handle.pipeline(queries) }
  }

  /// Runs a script of several statements without parameters, such as a migration file.
  public func executeScript(_ sql: String) throws {
    try lock.withLock { try handle.executeScript(sql) }
  }

  /// Runs `body` in a transaction: commits when it returns, rolls back when it throws (and
  /// rethrows). A read-only transaction at `.repeatableRead` sees one snapshot throughout,
  /// which is how a consistent multi-table read is made.
  ///
  /// `synchronousCommit: false` lets the commit return before its log reaches disk
  /// (`SET LOCAL synchronous_commit = off`, sent with `BEGIN`, so it costs no round trip): no
  /// fsync waited for, and a crash in the next moment (at most three times the server's
  /// `wal_writer_delay`) may lose the transaction whole — never part of it, nor anything
  /// committed after it. Only for what may be lost without harm.
  public func transaction<Result>(
    isolation: PostgresIsolationLevel = .readCommitted,
    readOnly: Bool = false,
    synchronousCommit: Bool = true,
    _ body: (PostgresTransaction) throws -> Result
  ) throws -> Result {
    let mode = readOnly ? "READ ONLY" : "READ WRITE"
    let asynchronous = synchronousCommit ? "" : "; SET LOCAL synchronous_commit = off"
    let begin = "BEGIN ISOLATION LEVEL \(isolation.rawValue) \(mode)\(asynchronous)"
    return try running(opening: { try $0.executeScript(begin) }, body)
  }

  /// A read-write, read-committed transaction (`transaction(synchronousCommit:_:)`) whose
  /// first statements, `opening`, are sent with its `BEGIN` in one pipeline: one round trip
  /// where `BEGIN` and each statement took one of their own. `body` gets their results, in
  /// order, and runs in the transaction as it would there; a failed opening statement rolls it
  /// back and is thrown.
  public func transaction<Result>(
    synchronousCommit: Bool = true, opening: [PostgresQuery],
    _ body: ([PostgresRows], PostgresTransaction) throws -> Result
  ) throws -> Result {
    var begin: [PostgresQuery] = ["BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE"]
    if !synchronousCommit {
      begin.append("SELECT set_config('synchronous_commit', 'off', true)")
    }
    var opened: [PostgresRows] = []
    let open = { (handle: ConnectionHandle) throws in
      opened = Array(try handle.pipelineInTransaction(begin + opening).dropFirst(begin.count))
    }
    return try running(opening: open) { try body(opened, $0) }
  }

  /// Opens a transaction with `begin`, runs `body` in it, then commits, or rolls back and
  /// rethrows when either throws; one transaction at a time per connection.
  private func running<Result>(
    opening begin: (ConnectionHandle) throws -> Void,
    _ body: (PostgresTransaction) throws -> Result
  ) throws -> Result {
    try lock.withLock {
      guard !isInTransaction else {
        throw PostgresError(
          kind: .client, message: "a transaction is already open on this connection")
      }
      isInTransaction = true
      defer { isInTransaction = false }
      let result: Result
      do {
        try begin(handle)
        result = try body(PostgresTransaction(handle: handle))
      } catch {
        try? handle.executeScript("ROLLBACK")
        throw error
      }
      try handle.commit()
      return result
    }
  }

  /// Subscribes this connection to a channel; see `notifications(timeout:)`.
  public func listen(_ channel: String) throws {
    try lock.withLock { try handle.executeScript("LISTEN " + handle.quoteIdentifier(channel)) }
  }

  public func unlisten(_ channel: String) throws {
    try lock.withLock { try handle.executeScript("UNLISTEN " + handle.quoteIdentifier(channel)) }
  }

  /// Sends a notification; delivered to listeners when the surrounding transaction commits.
  public func notify(_ channel: String, payload: String = "") throws {
    try execute("SELECT pg_notify(\(channel), \(payload))")
  }

  /// Notifications received on listened channels, waiting up to `timeout` for the first one.
  /// Returns an empty array when none arrived in time.
  public func notifications(timeout: Duration) throws -> [PostgresNotification] {
    try lock.withLock { try handle.notifications(timeout: timeout) }
  }

  /// Quotes a name as an SQL identifier, for the statements whose names cannot be parameters.
  public func quoteIdentifier(_ name: String) throws -> String {
    try lock.withLock { try handle.quoteIdentifier(name) }
  }
}
