import CPostgres
import Foundation

/// The libpq connection itself: one `PGconn`, used from one thread at a time.
///
/// Not `Sendable`: `PostgresConnection` owns one and serialises every use with its lock; a
/// `PostgresTransaction` borrows it only while that lock is held.
final class ConnectionHandle {
  private let connection: OpaquePointer
  /// Prepared statement names by SQL text and parameter types, so each distinct statement is
  /// parsed and planned once per connection.
  private var statements: [StatementKey: String] = [:]
  private let redactedTarget: String

  init(configuration: PostgresConfiguration) throws {
    _ = try configuration.settings()
    let parameters = configuration.connectParameters()
    redactedTarget = configuration.redactedDescription
    let keywords = parameters.map { strdup($0.0) }
    let values = parameters.map { strdup($0.1) }
    defer { for pointer in keywords + values { free(pointer) } }
    let connection = (keywords.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { k in
      (values.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { v in
        PQconnectdbParams(k.baseAddress, v.baseAddress, 1)
      }
    }
    guard let connection else {
      throw PostgresError(kind: .connection, message: "out of memory creating a connection")
    }
    guard PQstatus(connection) == CONNECTION_OK else {
      let reason = Self.oneLine(String(cString: PQerrorMessage(connection)))
      PQfinish(connection)
      // libpq checks option values only when it connects; "invalid port number" and the like
      // are the caller's mistake, not an unreachable server.
      let kind: PostgresError.Kind = reason.hasPrefix("invalid ") ? .configuration : .connection
      throw PostgresError(kind: kind, message: "cannot connect to \(redactedTarget): \(reason)")
    }
    self.connection = connection
    // Server notices (e.g. "relation already exists, skipping") are not errors; libpq would
    // print them to stderr, which would break a CLI's one-line error rule.
    PQsetNoticeProcessor(connection, { _, _ in }, nil)
  }

  deinit {
    PQfinish(connection)
  }

  var serverVersion: Int { Int(PQserverVersion(connection)) }

  // MARK: Statements

  /// Runs one parameterised statement through a prepared statement cached per connection.
  func execute(_ query: PostgresQuery) throws -> PostgresRows {
    let name = try prepare(query)
    let result = withParameters(query.bindings) { values, lengths, formats in
      PQexecPrepared(connection, name, Int32(query.bindings.count), values, lengths, formats, 1)
    }
    return try consume(result)
  }

  /// Runs a script of one or more statements with no parameters (a migration file), through
  /// the simple query protocol, which is the only one that accepts several statements.
  func executeScript(_ sql: String) throws {
    _ = try consume(PQexec(connection, sql))
  }

  /// Sends every query before reading any result, so a batch costs about one round trip.
  ///
  /// Results are read back in chunks: with blocking sockets a very long pipeline could
  /// otherwise fill both socket buffers and stall. Each chunk's sync point would commit it on
  /// its own, so outside a transaction the pipeline runs inside one of its own: all statements
  /// or none. The first failing statement's error is thrown.
  ///
  /// `meanwhile` runs here once the first chunk has been sent, before its results are read, so
  /// this process works while the server runs the statements.
  func pipeline(
    _ queries: [PostgresQuery], chunkSize: Int = 500, meanwhile: (() -> Void)? = nil
  ) throws -> [PostgresRows] {
    guard transactionStatus == PQTRANS_IDLE else {
      return try pipelineInTransaction(queries, chunkSize: chunkSize, meanwhile: meanwhile)
    }
    try executeScript("BEGIN")
    do {
      let results = try pipelineInTransaction(queries, chunkSize: chunkSize, meanwhile: meanwhile)
      try commit()
      return results
    } catch {
      try? executeScript("ROLLBACK")
      throw error
    }
  }

  /// Ends the open transaction, refusing to call it a success when the server already failed
  /// it: after an error `COMMIT` answers with a rollback, which libpq reports as success.
  func commit() throws {
    guard transactionStatus != PQTRANS_INERROR else {
      try? executeScript("ROLLBACK")
      throw PostgresError(
        kind: .client,
        message: "a statement failed inside the transaction, so nothing was committed")
    }
    try executeScript("COMMIT")
  }

  var transactionStatus: PGTransactionStatusType {
    PQtransactionStatus(connection)
  }

  /// `pipeline` as it runs inside a transaction, or in one a pipeline of its own opens with
  /// `BEGIN`: its chunks' sync points commit nothing.
  func pipelineInTransaction(
    _ queries: [PostgresQuery], chunkSize: Int = 500, meanwhile: (() -> Void)? = nil
  ) throws -> [PostgresRows] {
    let names = try queries.map { try prepare($0) }
    guard PQenterPipelineMode(connection) == 1 else {
      throw clientError("cannot enter pipeline mode")
    }
    defer { PQexitPipelineMode(connection) }
    var results: [PostgresRows] = []
    results.reserveCapacity(queries.count)
    var firstError: Error?
    for chunk in stride(from: 0, to: queries.count, by: chunkSize) {
      let range = chunk..<min(chunk + chunkSize, queries.count)
      for index in range {
        let bindings = queries[index].bindings
        let sent = withParameters(bindings) { values, lengths, formats in
          PQsendQueryPrepared(
            connection, names[index], Int32(bindings.count), values, lengths, formats, 1)
        }
        guard sent == 1 else { throw connectionLost() }
      }
      // The sync point also flushes: every statement of the chunk is with the server now.
      guard PQpipelineSync(connection) == 1 else { throw connectionLost() }
      if chunk == 0, let meanwhile { readingAhead(while: meanwhile) }
      for _ in range {
        var rows: PostgresRows?
        while let result = PQgetResult(connection) {
          if PQresultStatus(result) == PGRES_PIPELINE_ABORTED {
            PQclear(result)
          } else if rows == nil && firstError == nil {
            do {
              rows = try consume(result)
            } catch var error as PostgresError {
              error.statementIndex = results.count
              firstError = error
            } catch {
              firstError = error
            }
          } else {
            PQclear(result)
          }
        }
        if let rows { results.append(rows) }
      }
      // A session that ended mid-batch (terminated, or the server died) leaves no sync point
      // to read; that is a lost connection, whatever else the results said.
      if let lost = firstError as? PostgresError, lost.kind == .connection { throw lost }
      guard PQstatus(connection) == CONNECTION_OK, let sync = PQgetResult(connection) else {
        throw connectionLost()
      }
      let status = PQresultStatus(sync)
      PQclear(sync)
      guard status == PGRES_PIPELINE_SYNC else {
        if PQstatus(connection) != CONNECTION_OK { throw connectionLost() }
        throw clientError("pipeline lost its sync point")
      }
      if let firstError { throw firstError }
    }
    return results
  }

  /// Runs `work` while another thread reads whatever the server sends into libpq's buffer.
  /// A server writing results no one reads stops once the socket's buffer is full (about 200
  /// KB), so without this a pipeline's long results would wait for `work` to end before the
  /// server could go on to its next statement. Only that thread uses the connection until
  /// `work` has ended; the results are parsed afterwards, here, as usual.
  private func readingAhead(while work: () -> Void) {
    var wake: [Int32] = [0, 0]
    guard pipe(&wake) == 0 else { return work() }
    defer {
      close(wake[0])
      close(wake[1])
    }
    nonisolated(unsafe) let connection = connection
    let socket = PQsocket(connection)
    let stopped = wake[0]
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      defer { finished.signal() }
      var descriptors = [
        pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopped, events: Int16(POLLIN), revents: 0),
      ]
      while true {
        guard poll(&descriptors, 2, -1) >= 0 else {
          if errno == EINTR { continue }
          return
        }
        // Anything the connection reports but data (an error, a hang-up) is left for the
        // results to tell.
        if descriptors[1].revents != 0 || descriptors[0].revents & Int16(POLLIN) == 0 { return }
        guard PQconsumeInput(connection) == 1 else { return }
      }
    }
    work()
    var byte: UInt8 = 1
    _ = write(wake[1], &byte, 1)
    finished.wait()
  }

  /// Sends `rows` with `COPY table (columns) FROM STDIN` and returns how many the server
  /// stored. The names are quoted here, so any table or column name is safe to pass.
  func copy(into table: String, columns: [String], rows: PostgresCopyRows) throws -> Int {
    let names = try columns.map { try quoteIdentifier($0) }.joined(separator: ", ")
    let statement = "COPY \(try quoteIdentifier(table)) (\(names)) FROM STDIN"
    guard let started = PQexec(connection, statement) else { throw connectionLost() }
    guard PQresultStatus(started) == PGRES_COPY_IN else {
      _ = try consume(started)
      throw clientError("COPY into \(table) did not start")
    }
    PQclear(started)
    let chunk = 1 << 20
    let sent = rows.bytes.withUnsafeBufferPointer { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        let length = min(chunk, buffer.count - offset)
        let pointer = UnsafeRawPointer(buffer.baseAddress! + offset)
          .assumingMemoryBound(to: CChar.self)
        guard PQputCopyData(connection, pointer, Int32(length)) == 1 else { return false }
        offset += length
      }
      return PQputCopyEnd(connection, nil) == 1
    }
    guard sent else { throw connectionLost() }
    // The COPY's own result, then the nil that ends it; an error in the data comes back here.
    var outcome: Result<PostgresRows, Error>?
    while let result = PQgetResult(connection) {
      if outcome == nil {
        do { outcome = .success(try consume(result)) } catch { outcome = .failure(error) }
      } else {
        PQclear(result)
      }
    }
    guard let outcome else { throw connectionLost() }
    return try outcome.get().affectedRows
  }

  /// Quotes a name for use as an SQL identifier (`LISTEN "feed-7"`), the one place text is
  /// placed into SQL — identifiers cannot be parameters.
  func quoteIdentifier(_ name: String) throws -> String {
    guard let quoted = PQescapeIdentifier(connection, name, name.utf8.count) else {
      throw clientError(Self.oneLine(String(cString: PQerrorMessage(connection))))
    }
    defer { PQfreemem(quoted) }
    return String(cString: quoted)
  }

  // MARK: Notifications

  /// Returns pending notifications, waiting up to `timeout` for the first to arrive.
  func notifications(timeout: Duration) throws -> [PostgresNotification] {
    var received = drainNotifications()
    guard received.isEmpty else { return received }
    let deadline = ContinuousClock.now + timeout
    while received.isEmpty {
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .zero else { break }
      let (seconds, attoseconds) = remaining.components
      let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
      var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, milliseconds)
      guard ready >= 0 || errno == EINTR else {
        throw clientError("waiting for notifications failed")
      }
      guard PQconsumeInput(connection) == 1 else { throw connectionLost() }
      received = drainNotifications()
    }
    return received
  }

  private func drainNotifications() -> [PostgresNotification] {
    var received: [PostgresNotification] = []
    PQconsumeInput(connection)
    while let notify = PQnotifies(connection) {
      received.append(
        PostgresNotification(
          channel: String(cString: notify.pointee.relname),
          payload: String(cString: notify.pointee.extra),
          senderProcessID: notify.pointee.be_pid))
      PQfreemem(notify)
    }
    return received
  }

  // MARK: Plumbing

  private func prepare(_ query: PostgresQuery) throws -> String {
    let types = query.bindings.values.map(\.type.rawValue)
    let key = StatementKey(sql: query.sql, types: types)
    if let name = statements[key] { return name }
    let name = "s\(statements.count + 1)"
    let result = types.withUnsafeBufferPointer {
      PQprepare(connection, name, query.sql, Int32(types.count), $0.baseAddress)
    }
    _ = try consume(result)
    statements[key] = name
    return name
  }

  private func withParameters<R>(
    _ bindings: PostgresBindings,
    _ body: (
      UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
    ) -> R
  ) -> R {
    let buffers: [UnsafeMutablePointer<CChar>?] = bindings.values.map { value in
      guard let bytes = value.bytes else { return nil }
      // Text-format values are read as C strings, so every buffer ends with a NUL.
      let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      bytes.withUnsafeBytes { raw in
        UnsafeMutableRawBufferPointer(start: buffer, count: bytes.count).copyMemory(from: raw)
      }
      buffer[bytes.count] = 0
      return buffer
    }
    defer { for buffer in buffers { buffer?.deallocate() } }
    let values = buffers.map { UnsafePointer($0) }
    let lengths = bindings.values.map { Int32($0.bytes?.count ?? 0) }
    let formats = bindings.values.map(\.format.rawValue)
    return values.withUnsafeBufferPointer { v in
      lengths.withUnsafeBufferPointer { l in
        formats.withUnsafeBufferPointer { f in body(v.baseAddress, l.baseAddress, f.baseAddress) }
      }
    }
  }

  /// Takes a result over as rows (see `PostgresResult`); a failed result is freed and becomes a
  /// `PostgresError` with every diagnostic field the server sent.
  private func consume(_ result: OpaquePointer?) throws -> PostgresRows {
    guard let result else { throw connectionLost() }
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
      return PostgresRows(PostgresResult(result))
    default:
      defer { PQclear(result) }
      throw serverError(result)
    }
  }

  private func serverError(_ result: OpaquePointer) -> PostgresError {
    func field(_ code: Character) -> String? {
      guard let value = PQresultErrorField(result, Int32(code.asciiValue!)) else { return nil }
      return String(cString: value)
    }
    guard let message = field("M") else {
      if PQstatus(connection) != CONNECTION_OK { return connectionLost() }
      return clientError(Self.oneLine(String(cString: PQresultErrorMessage(result))))
    }
    if Self.endsTheSession(sqlState: field("C")) || PQstatus(connection) != CONNECTION_OK {
      return connectionLost(reason: message)
    }
    return PostgresError(
      kind: .server, message: message, sqlState: field("C"), detail: field("D"), hint: field("H"),
      constraint: field("n"), table: field("t"), column: field("c"))
  }

  /// Whether the server ended the session with this error: class 08 (connection exception) or
  /// an administrator's or a crash's shutdown (`57P01`–`57P03`). The statement did not fail on
  /// its merits; the connection is gone.
  static func endsTheSession(sqlState: String?) -> Bool {
    guard let sqlState else { return false }
    return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
  }

  private func connectionLost(reason explicit: String? = nil) -> PostgresError {
    let reason = explicit ?? Self.oneLine(String(cString: PQerrorMessage(connection)))
    return PostgresError(
      kind: .connection,
      message: "lost the connection to \(redactedTarget)" + (reason.isEmpty ? "" : ": \(reason)"))
  }

  private func clientError(_ message: String) -> PostgresError {
    PostgresError(kind: .client, message: message)
  }

  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
  }
}

/// What tells prepared statements apart: their text and their parameters' types. Kept as
/// they are rather than joined into one string, which copied the text of every statement run
/// and then compared the copy byte by byte; a statement written once (a `static let`) now
/// matches its cached key by its storage.
private struct StatementKey: Hashable {
  let sql: String
  let types: [UInt32]
}
