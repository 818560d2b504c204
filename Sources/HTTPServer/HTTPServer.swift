import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: its thread pool waits on connections with epoll, so an
/// idle connection costs nothing per wake-up; routes registered by the front end answer
/// requests, and event streams wait suspended (no thread, not polled) between events. One log
/// line and one metrics sample per request. Every connection is bounded (`ConnectionTable`,
/// `HTTPLimits`): past a bound a client is answered 503 or 429 with `Retry-After`, never left
/// hanging.
///
/// A route that may block (`Router`) never runs on libmicrohttpd's threads: unless its answer
/// from memory (a cache hit) settles the request there, the request is offered to
/// `RequestWorkers` and its connection suspended (`DeferredResponse`) until a worker's answer
/// resumes it, so a slow route holds a worker, and cache hits, `/healthz` and other clients
/// keep being answered by the network threads. The workers' queue is bounded,
/// in all and per client (the front end's `Router.fairnessKey`): past it a request is answered
/// 503 or 429 with `Retry-After` at once, without running. (The alternative, more network
/// threads, would still let one client's slow requests take all of them, and each costs a
/// thread and an epoll set whether or not it is busy.)
///
/// `stop()` never calls `MHD_quiesce_daemon`: in libmicrohttpd 0.9.75 (Debian 12's) it takes
/// the listening socket out of each epoll worker's set while that worker's own loop may be
/// taking it out too (once quiesced, or at its connection limit), unlocked, and whichever loses
/// gets ENOENT and aborts the process ("Failed to remove listen FD from epoll set"). Instead
/// the server's own listening socket is replaced, with `dup2`, by a socket that never listened:
/// the kernel closes the listening one (new connections are refused at once, queued ones
/// reset) and drops it from every epoll set itself, so no `epoll_ctl` of libmicrohttpd's ever
/// names it again; its connection limit is set past anything the accept policy lets in, so
/// its at-the-limit branch never runs either. A connection accepted in the instant before is
/// closed by the accept policy. `MHD_stop_daemon` closes the stand-in.
///
/// `stop()` stops accepting, ends every event stream, lets requests in progress finish (up to
/// `HTTPLimits.drainSeconds`) and then closes what is left.
public final class HTTPServer: Sendable {
  private struct Daemon: @unchecked Sendable {
    let pointer: OpaquePointer
    let context: UnsafeMutableRawPointer
    let listener: Int32
  }

  public let router: Router
  /// The router's paths, the only labels a 405 is counted under.
  private let routePaths: Set<String>
  public let limits: HTTPLimits
  public let metrics: ServerMetrics
  private let log: RequestLog?
  private let daemon = Mutex<Daemon?>(nil)
  private let stopping = Atomic<Bool>(false)
  private let inFlight = Atomic<Int>(0)
  private let streams = Mutex<[ObjectIdentifier: EventStream]>([:])
  private let heartbeatWake = DispatchSemaphore(value: 0)
  private let connections: Mutex<ConnectionTable?> = Mutex(nil)
  private let closeWatcher: Mutex<StreamCloseWatcher?> = Mutex(nil)
  private let workers: Mutex<RequestWorkers?> = Mutex(nil)
  /// Requests handed to the workers and not yet answered on their connection, by identity:
  /// `stop()` answers those still running past the drain so none is left suspended.
  private let deferred = Mutex<[ObjectIdentifier: DeferredResponse]>([:])

  public init(
    router: Router, limits: HTTPLimits = HTTPLimits(), metrics: ServerMetrics = ServerMetrics(),
    log: RequestLog? = nil
  ) {
    self.router = router
    self.routePaths = Set(router.paths)
    self.limits = limits
    self.metrics = metrics
    self.log = log
    metrics.add(
      ServerMetrics.Gauge(
        name: "feed_http_connections_open",
        help: "Connections open now, those only being refused included."
      ) { [weak self] in [("", self?.connections.withLock { $0?.open } ?? 0)] })
    metrics.add(
      ServerMetrics.Gauge(
        name: "feed_http_stream_pending_bytes",
        help: "Bytes queued on event streams and not yet handed to their connections."
      ) { [weak self] in
        [("", self?.streams.withLock { $0.values.reduce(0) { $0 + $1.pendingBytes } } ?? 0)]
      })
    metrics.add(
      ServerMetrics.Gauge(
        name: "feed_http_work_queue_depth",
        help: "Requests of blocking routes waiting for a worker."
      ) { [weak self] in [("", self?.requestsWaiting ?? 0)] })
    metrics.add(
      ServerMetrics.Gauge(
        name: "feed_http_workers_busy", help: "Workers running a blocking route now."
      ) { [weak self] in [("", self?.workersBusy ?? 0)] })
  }

  /// The connections served at once while running: `HTTPLimits.maxConnections`, lowered to
  /// what the process's file descriptors allow once the reserve and a margin for everything
  /// else (database, log, the listener) are set aside. Nil when not running.
  public var connectionLimit: Int? {
    connections.withLock { $0?.limit }
  }

  /// Raises the process's soft limit on open files to its hard limit (once; a process may)
  /// and returns the soft limit then in force.
  private static let descriptorLimit: Int = {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    return Int(clamping: limit.rlim_cur)
  }()

  /// Requests of blocking routes waiting for a worker now.
  public var requestsWaiting: Int { workers.withLock { $0 }?.waiting ?? 0 }

  /// Workers running a blocking route now.
  public var workersBusy: Int { workers.withLock { $0 }?.busy ?? 0 }

  /// Descriptors kept for everything but client connections.
  private static let descriptorMargin = 128

  /// Binds `address` and starts serving; returns the address bound (with the port the system
  /// chose when `address` asked for port 0).
  @discardableResult
  public func start(_ address: ListenAddress) throws(HTTPServerError) -> ListenAddress {
    guard daemon.withLock({ $0 == nil }) else { throw .alreadyRunning }
    let (socket, bound) = try Self.listen(address)
    let reserve = max(0, limits.refusalReserve)
    let table = ConnectionTable(
      limit: max(
        1, min(limits.maxConnections, Self.descriptorLimit - reserve - Self.descriptorMargin)),
      perAddress: max(1, limits.maxConnectionsPerAddress), reserve: reserve,
      requestDeadline: .milliseconds(Int(limits.requestDeadlineSeconds * 1000)))
    connections.withLock { $0 = table }
    closeWatcher.withLock { $0 = StreamCloseWatcher() }
    workers.withLock { $0 = RequestWorkers(limits.workerBounds) }
    let context = Unmanaged.passRetained(self).toOpaque()
    // The error log is on for the logger below, which acts on two messages and prints none.
    let flags =
      MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue
      | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue
      | (address.isIPv6 ? MHD_USE_IPv6.rawValue : 0)
    // libmicrohttpd's own limit splits among its threads and, when a thread reaches its share,
    // takes the listening socket out of that thread's epoll set; the accept policy keeps the
    // count far below it, so only the server's bounds apply (see the type's comment).
    let started = accountfeed_mhd_start(
      flags, socket, Self.acceptPolicy, Self.accessHandler, context,
      // libmicrohttpd's log prints nothing; it answers the length refusals libmicrohttpd
      // announces there before it would answer them twice (`UnreadableLength`). A closure here,
      // not a stored one: Swift 6.3 crashes deserializing a stored `va_list` function type.
      { context, format, _ in
        guard let context, let format, UnreadableLength.announcesRefusal(format) else { return }
        Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().refuseUnreadableLengths()
      }, Self.completedHandler,
      Self.connectionHandler, Self.targetHandler, UInt32(limits.threads),
      UInt32(limits.idleTimeoutSeconds), limits.maxHeaderBytes, UInt32(Int32.max))
    guard let started else {
      connections.withLock { $0 = nil }
      closeWatcher.withLock { $0 }?.stop()
      workers.withLock { $0 }?.stop()
      close(socket)
      Unmanaged<HTTPServer>.fromOpaque(context).release()
      throw .cannotStart(bound)
    }
    let running = daemon.withLock { daemon in
      if daemon != nil { return true }
      daemon = Daemon(pointer: started, context: context, listener: socket)
      return false
    }
    if running {
      MHD_stop_daemon(started)
      Unmanaged<HTTPServer>.fromOpaque(context).release()
      throw .alreadyRunning
    }
    stopping.store(false, ordering: .sequentiallyConsistent)
    startHeartbeat()
    return bound
  }

  /// Stops cleanly: no new connections, event streams ended, requests waiting for a worker
  /// answered 503, requests in progress drained. Safe to call more than once and from any
  /// thread.
  public func stop() {
    guard
      let running = daemon.withLock({ daemon in
        defer { daemon = nil }
        return daemon
      })
    else {
      return
    }
    stopping.store(true, ordering: .sequentiallyConsistent)
    heartbeatWake.signal()
    Self.closeListener(running.listener)
    for stream in streams.withLock({ Array($0.values) }) { stream.finish() }
    workers.withLock { $0 }?.stop()
    let deadline = ContinuousClock.now + .milliseconds(Int(limits.drainSeconds * 1000))
    while inFlight.load(ordering: .sequentiallyConsistent) > 0, ContinuousClock.now < deadline {
      usleep(5000)
    }
    answerUnfinished()
    MHD_stop_daemon(running.pointer)
    deferred.withLock { $0 = [:] }
    workers.withLock { $0 = nil }
    connections.withLock { $0 = nil }
    closeWatcher.withLock { watcher in
      watcher?.stop()
      watcher = nil
    }
    Unmanaged<HTTPServer>.fromOpaque(running.context).release()
  }

  /// Requests that have arrived and not yet finished (open event streams included).
  public var requestsInProgress: Int { inFlight.load(ordering: .relaxed) }

  // MARK: Listening

  private static func listen(_ address: ListenAddress) throws(HTTPServerError) -> (
    Int32, ListenAddress
  ) {
    let family = address.isIPv6 ? AF_INET6 : AF_INET
    let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw .cannotListen(address, reason: Self.systemError()) }
    var on: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    if address.isIPv6 {
      setsockopt(socket, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
    }
    let bound = address.withSocketAddress { pointer in
      bind(
        socket, pointer,
        socklen_t(address.isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
      )
    }
    guard bound == 0, Glibc.listen(socket, 1024) == 0 else {
      let reason = Self.systemError()
      close(socket)
      throw .cannotListen(address, reason: reason)
    }
    _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    let port = withUnsafePointer(to: &storage) { pointer in
      address.isIPv6
        ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
        : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
    }
    return (socket, address.withPort(Int(UInt16(bigEndian: port))))
  }

  /// Closes the listening socket under libmicrohttpd without it knowing: `dup2` puts a socket
  /// that never listened in its place, atomically, so the descriptor stays valid (libmicrohttpd
  /// closes it when it stops; close-on-exec, as the listener was) while the kernel closes the
  /// listening socket — refusing new connections — and removes it from every epoll set. A
  /// thread that was about to accept on it gets EINVAL, which libmicrohttpd ignores.
  private static func closeListener(_ listener: Int32) {
    let standIn = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    // Out of descriptors: the listener stays open, and the accept policy closes what arrives.
    guard standIn >= 0 else { return }
    _ = dup2(standIn, listener)
    _ = fcntl(listener, F_SETFD, FD_CLOEXEC)
    close(standIn)
  }

  private static func systemError() -> String {
    String(cString: strerror(errno))
  }

  // MARK: Housekeeping

  /// One thread, a few times a second: closes connections whose request is late, ends event
  /// streams that stay behind, and sends heartbeats when they are due.
  private func startHeartbeat() {
    let heartbeat = Duration.milliseconds(Int(limits.heartbeatSeconds * 1000))
    let lag = Duration.milliseconds(Int(limits.streamLagSeconds * 1000))
    let tick = min(0.25, limits.heartbeatSeconds)
    let thread = Thread { [self] in
      var lastHeartbeat = ContinuousClock.now
      while !stopping.load(ordering: .sequentiallyConsistent) {
        if heartbeatWake.wait(timeout: .now() + tick) == .success { continue }
        let late = connections.withLock({ $0 })?.closeLate() ?? 0
        if late > 0 { metrics.count(.lateRequests, by: late) }
        _ = workers.withLock({ $0 })?.dropExpired()
        let now = ContinuousClock.now
        let open = streams.withLock { Array($0.values) }
        for stream in open where stream.lagging(longerThan: lag, now: now) {
          if stream.abandon() { metrics.count(.laggingStreams) }
        }
        if now - lastHeartbeat >= heartbeat {
          lastHeartbeat = now
          for stream in open { stream.comment("heartbeat") }
        }
      }
    }
    thread.name = "http-housekeeping"
    thread.start()
  }

  // MARK: Requests

  /// What the server knows of one request while it arrives and is answered. It is made when
  /// the request line has arrived, so it holds the target as sent, before decoding.
  private final class Exchange {
    let target: String
    var method = "-"
    var path = "-"
    /// Whether the header has arrived and a route may run (and the request counts in flight).
    var started = false
    var arrived = ContinuousClock.now
    let time = Date()
    var body = Data()
    var bodyTooLarge = false
    var route = "unmatched"
    var status: Int?
    var answered: ContinuousClock.Instant?
    var remoteAddress = "-"
    var headers: [String: String] = [:]
    /// The answer a worker is computing while the connection waits suspended.
    var deferred: DeferredResponse?

    init(target: String) {
      self.target = target
    }
  }

  /// libmicrohttpd calls this once when the header has arrived, once per piece of body, and
  /// once more when the body is complete; the route runs on that last call — or, when it may
  /// block, is handed to a worker, and the call after the worker resumes the connection sends
  /// its answer.
  ///
  /// On the first call the request line and header are checked (`RequestTarget`,
  /// `ReceivedFields`): an ambiguous or malformed one is answered at once and its connection
  /// closed, and a declared body over the limit is 413 before a byte of it is read.
  private func handle(
    _ connection: OpaquePointer, method: String, path: String, version: String,
    upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
    context: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) -> MHD_Result {
    if context.pointee == nil {
      context.pointee = Unmanaged.passRetained(Exchange(target: path)).toOpaque()
    }
    let exchange = Unmanaged<Exchange>.fromOpaque(context.pointee!).takeUnretainedValue()
    if !exchange.started {
      exchange.started = true
      exchange.method = method
      exchange.path = path
      exchange.arrived = ContinuousClock.now
      inFlight.add(1, ordering: .sequentiallyConsistent)
      exchange.remoteAddress = Self.remoteAddress(connection)
      // A connection accepted past a limit is refused before its request is looked at.
      if let refusal = Self.entry(connection).flatMap(refusal) {
        return respond(connection, exchange, refusal)
      }
      do {
        try RequestTarget.check(exchange.target)
        let fields = try ReceivedFields(
          Self.fields(connection), requiresHost: version == "HTTP/1.1")
        exchange.headers = fields.headers
        if let length = fields.contentLength, length > UInt64(limits.maxBodyBytes) {
          return respond(
            connection, exchange,
            Self.earlyRefusal(.contentTooLarge(limit: limits.maxBodyBytes)))
        }
      } catch {
        return respond(connection, exchange, Self.earlyRefusal(error))
      }
      return .YES
    }
    if uploadSize.pointee > 0 {
      if exchange.body.count + uploadSize.pointee > limits.maxBodyBytes {
        exchange.bodyTooLarge = true
        exchange.body = Data()
      } else if !exchange.bodyTooLarge, let upload {
        upload.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
          exchange.body.append($0, count: uploadSize.pointee)
        }
      }
      uploadSize.pointee = 0
      return .YES
    }
    guard exchange.status == nil else { return .YES }
    if let deferred = exchange.deferred { return deliver(deferred, on: connection, exchange) }
    if exchange.bodyTooLarge {
      return respond(
        connection, exchange, Self.earlyRefusal(.contentTooLarge(limit: limits.maxBodyBytes)))
    }
    if stopping.load(ordering: .sequentiallyConsistent) {
      return respond(connection, exchange, Self.shuttingDown)
    }
    let request = HTTPRequest(
      method: method, path: path, query: Self.values(connection, .GET_ARGUMENT_KIND),
      headers: exchange.headers, body: exchange.body,
      remoteAddress: exchange.remoteAddress)
    let response: HTTPResponse
    switch router.match(method: method, path: path) {
    case .failure(let error):
      // A known path asked with another method counts under its route; unknown paths share
      // one label, so a scan of random paths cannot grow the metrics without bound.
      if error.status == .methodNotAllowed, routePaths.contains(path) { exchange.route = path }
      response = error.response
    case .success(let match):
      exchange.route = match.route
      if !match.blocking {
        response = Self.run(match.handler, request)
      } else if let remembered = match.fromMemory?(request) {
        response = remembered
      } else {
        return dispatch(match, request, on: connection, exchange)
      }
    }
    return respond(connection, exchange, response)
  }

  /// What `handler` answers to `request`, its refusals and failures included.
  private static func run(_ handler: Router.Handler, _ request: HTTPRequest) -> HTTPResponse {
    do {
      return try handler(request)
    } catch let error as HTTPError {
      return error.response
    } catch {
      return HTTPError.internal(error).response
    }
  }

  /// The answer to a request on a connection accepted past a limit, or nil when it is served.
  private func refusal(_ entry: ConnectionTable.Entry) -> HTTPResponse? {
    let error: HTTPError
    switch entry.admission {
    case .admitted:
      return nil
    case .serverFull:
      metrics.count(.refusedConnections)
      error = HTTPError(
        .serviceUnavailable, code: "too_many_connections",
        "the server holds as many connections as it serves; try again shortly",
        headers: ["Retry-After": "5"])
    case .addressFull:
      metrics.count(.refusedAddressConnections)
      error = HTTPError(
        .tooManyRequests, code: "too_many_connections_from_address",
        "this address holds as many connections as one address may; close one first",
        headers: ["Retry-After": "5"])
    }
    return Self.earlyRefusal(error)
  }

  /// A refusal made before any route runs — a connection past a limit, a frame or field the
  /// server does not trust, a body over the bound, a server stopping — ends its connection
  /// (the server reads nothing more from it) and holds only for this moment, so no cache keeps
  /// it: `Cache-Control: no-store`, as the contract requires of every answer of `/readyz`,
  /// `/healthz` and `/metrics`, the routes such a refusal may stand in for.
  private static func earlyRefusal(_ error: HTTPError) -> HTTPResponse {
    var headers = error.headers
    headers["Connection"] = "close"
    headers["Cache-Control"] = "no-store"
    return HTTPError(error.status, code: error.code, error.message, headers: headers).response
  }

  private func respond(
    _ connection: OpaquePointer, _ exchange: Exchange, _ response: HTTPResponse
  ) -> MHD_Result {
    if let entry = Self.entry(connection) {
      connections.withLock { $0 }?.requestArrived(entry)
    }
    exchange.status = response.status.code
    exchange.answered = ContinuousClock.now
    let created: OpaquePointer?
    switch response.body {
    case .bytes(let data):
      created = data.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(
          bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
          .RESPMEM_MUST_COPY)
      }
    case .events(let stream) where exchange.method == "HEAD":
      // A HEAD request gets the stream's header and never a body — not even the chunked
      // terminator libmicrohttpd would write for an open stream — so the stream ends unopened.
      stream.closed()
      created = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
    case .events(let stream):
      created = open(stream, on: connection)
    }
    guard let created else { return .NO }
    for (name, value) in response.headers {
      _ = MHD_add_response_header(created, name, value)
    }
    let queued = MHD_queue_response(connection, UInt32(response.status.code), created)
    MHD_destroy_response(created)
    return queued
  }

  // MARK: Event streams

  /// What a streaming response's callbacks hold: the stream and the server that counts it.
  private final class StreamCallbacks {
    let server: HTTPServer
    let stream: EventStream

    init(server: HTTPServer, stream: EventStream) {
      self.server = server
      self.stream = stream
    }
  }

  private func open(_ stream: EventStream, on connection: OpaquePointer) -> OpaquePointer? {
    let socket = accountfeed_mhd_connection_socket(connection)
    Self.boundSendBuffer(of: socket, to: min(64 * 1024, limits.streamBufferBytes))
    stream.attach(
      connection, socket: socket, bufferBytes: limits.streamBufferBytes,
      watcher: closeWatcher.withLock { $0 })
    // Registered and checked under one lock: `stop()` sets `stopping` before it takes the lock
    // to end every stream, so a stream opened while it runs is either among those it ends or
    // sees `stopping` here and ends itself — none is left suspended for `MHD_stop_daemon`.
    let lateForStop = streams.withLock { streams in
      streams[ObjectIdentifier(stream)] = stream
      return stopping.load(ordering: .sequentiallyConsistent)
    }
    if lateForStop { stream.finish() }
    metrics.streamOpened()
    let callbacks = Unmanaged.passRetained(StreamCallbacks(server: self, stream: stream))
    let response = MHD_create_response_from_callback(
      UInt64.max, 4096,
      { context, _, buffer, capacity in
        guard let context, let buffer else { return -2 }
        return Unmanaged<StreamCallbacks>.fromOpaque(context).takeUnretainedValue().stream.read(
          into: buffer, capacity: capacity)
      },
      callbacks.toOpaque(),
      { context in
        guard let context else { return }
        let callbacks = Unmanaged<StreamCallbacks>.fromOpaque(context).takeRetainedValue()
        callbacks.server.closed(callbacks.stream)
      })
    if response == nil {
      callbacks.release()
      closed(stream)
    }
    return response
  }

  /// Bytes the kernel may hold for a stream's client (about as many as the stream's own bound,
  /// at most 64 KiB): without a bound it grows a buffer of megabytes for a client that does not
  /// read, per stream, and the server would count a stream behind only once that is full.
  private static func boundSendBuffer(of socket: Int32, to size: Int) {
    guard socket >= 0 else { return }
    var bytes = Int32(clamping: size)
    setsockopt(socket, SOL_SOCKET, SO_SNDBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
  }

  private func closed(_ stream: EventStream) {
    streams.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(stream)) }
    metrics.streamClosed()
    stream.closed()
  }

  // MARK: Workers

  /// Offers a blocking route's request to the workers and suspends its connection until a
  /// worker answers (or answers at once when that came first); a request refused is answered
  /// at once, without running.
  private func dispatch(
    _ match: Router.Match, _ request: HTTPRequest, on connection: OpaquePointer,
    _ exchange: Exchange
  ) -> MHD_Result {
    guard let workers = workers.withLock({ $0 }) else {
      return respond(connection, exchange, answer(to: .stopped))
    }
    // The request has arrived: its deadline must not close the connection while it waits.
    if let entry = Self.entry(connection) {
      connections.withLock { $0 }?.requestArrived(entry)
    }
    let answer = DeferredResponse()
    let key = ObjectIdentifier(answer)
    deferred.withLock { $0[key] = answer }
    if let refusal = workers.submit(
      client: router.fairnessKey(request),
      run: {
        let response = Self.run(match.handler, request)
        if !answer.answer(response) { Self.discard(response) }
      },
      drop: { [weak self] refusal in
        guard let self else { return }
        _ = answer.answer(self.answer(to: refusal))
      })
    {
      deferred.withLock { _ = $0.removeValue(forKey: key) }
      return respond(connection, exchange, self.answer(to: refusal))
    }
    exchange.deferred = answer
    guard let response = answer.responseOrSuspend(connection) else { return .YES }
    return send(response, for: answer, on: connection, exchange)
  }

  /// Called again once a worker's answer has resumed the connection: sends that answer.
  private func deliver(
    _ answer: DeferredResponse, on connection: OpaquePointer, _ exchange: Exchange
  ) -> MHD_Result {
    guard let response = answer.take() else { return .YES }
    return send(response, for: answer, on: connection, exchange)
  }

  private func send(
    _ response: HTTPResponse, for answer: DeferredResponse, on connection: OpaquePointer,
    _ exchange: Exchange
  ) -> MHD_Result {
    exchange.deferred = nil
    deferred.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(answer)) }
    return respond(connection, exchange, response)
  }

  /// The answer to a request the workers did not run, counted in the metrics.
  private func answer(to refusal: RequestWorkers.Refusal) -> HTTPResponse {
    let error: HTTPError
    switch refusal {
    case .queueFull, .waitedTooLong:
      metrics.count(.shedRequests)
      error = HTTPError(
        .serviceUnavailable, code: "overloaded",
        "the server has more requests waiting than it takes on; try again shortly",
        headers: ["Retry-After": "1"])
    case .clientQueueFull:
      metrics.count(.clientRequestsRefused)
      error = HTTPError(
        .tooManyRequests, code: "too_many_requests",
        "this client has as many requests waiting as one may; wait for their answers first",
        headers: ["Retry-After": "1"])
    case .stopped:
      return Self.shuttingDown
    }
    return error.response
  }

  /// What a request arriving (or still waiting) while the server stops is answered.
  private static var shuttingDown: HTTPResponse {
    earlyRefusal(.unavailable("the server is shutting down"))
  }

  /// Answers the requests whose workers are still running once the drain is over, so no
  /// connection is suspended when libmicrohttpd stops; their workers' answers come too late.
  private func answerUnfinished() {
    for answer in deferred.withLock({ Array($0.values) }) {
      _ = answer.answer(Self.shuttingDown)
    }
  }

  /// A worker's answer that came after its request was answered: an event stream in it was
  /// never opened on a connection, so it is closed here (its subscriptions and slots freed).
  private static func discard(_ response: HTTPResponse) {
    if case .events(let stream) = response.body { stream.closed() }
  }

  // MARK: Completion

  private func completed(_ exchange: Exchange) {
    // A request libmicrohttpd refused itself, before its header was complete, never started.
    guard exchange.started else { return }
    inFlight.subtract(1, ordering: .sequentiallyConsistent)
    // A connection closed before a worker's answer was sent on it: nothing will send it now.
    if let answer = exchange.deferred {
      deferred.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(answer)) }
    }
    guard let status = exchange.status, let answered = exchange.answered else { return }
    let elapsed = answered - exchange.arrived
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    metrics.record(route: exchange.route, status: status, seconds: seconds)
    log?.record(
      RequestLog.Entry(
        time: exchange.time, remoteAddress: exchange.remoteAddress, method: exchange.method,
        path: exchange.path, route: exchange.route, status: status,
        milliseconds: seconds * 1000))
  }

  // MARK: libmicrohttpd callbacks

  private static let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, url, method, version, upload, uploadSize, exchange in
    guard let context, let connection, let uploadSize, let exchange else { return .NO }
    return Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().handle(
      connection, method: method.map { String(cString: $0) } ?? "GET",
      path: url.map { String(cString: $0) } ?? "/",
      version: version.map { String(cString: $0) } ?? "HTTP/1.1", upload: upload,
      uploadSize: uploadSize, context: exchange)
  }

  /// libmicrohttpd calls this with the request target as sent, before decoding it; what it
  /// returns is the request's context, so the exchange starts here holding the raw target.
  private static let targetHandler:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) ->
      UnsafeMutableRawPointer? = { _, uri, _ in
        Unmanaged.passRetained(Exchange(target: uri.map { String(cString: $0) } ?? "")).toOpaque()
      }

  private static let completedHandler: MHD_RequestCompletedCallback = {
    context, connection, exchange, _ in
    guard let context else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    if let connection, let entry = entry(connection) {
      server.connections.withLock { $0 }?.requestCompleted(entry)
    }
    guard let exchange, let pointer = exchange.pointee else { return }
    exchange.pointee = nil
    server.completed(Unmanaged<Exchange>.fromOpaque(pointer).takeRetainedValue())
  }

  /// Before libmicrohttpd keeps an accepted connection: none while stopping, none past the
  /// limits' reserve (closed at once: the client sees the connection end, never a hang).
  private static let acceptPolicy: MHD_AcceptPolicyCallback = { context, _, _ in
    guard let context else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    guard !server.stopping.load(ordering: .sequentiallyConsistent) else { return .NO }
    guard server.connections.withLock({ $0 })?.hasRoom ?? false else {
      server.metrics.count(.refusedConnections)
      return .NO
    }
    return .YES
  }

  /// Counts connections as they open and close; each carries its table entry as its socket
  /// context.
  private static let connectionHandler: MHD_NotifyConnectionCallback = {
    context, connection, socketContext, code in
    guard let context, let connection, let socketContext else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    let table = server.connections.withLock { $0 }
    if code == .CONNECTION_NOTIFY_STARTED {
      guard let table else { return }
      let entry = table.opened(
        socket: accountfeed_mhd_connection_socket(connection), address: remoteAddress(connection),
        connection: connection)
      socketContext.pointee = Unmanaged.passRetained(entry).toOpaque()
    } else if let pointer = socketContext.pointee {
      socketContext.pointee = nil
      let entry = Unmanaged<ConnectionTable.Entry>.fromOpaque(pointer).takeRetainedValue()
      if table?.closed(entry) == true {
        server.inFlight.subtract(1, ordering: .sequentiallyConsistent)
      }
    }
  }

  /// Answers, once each, the connections of this thread that libmicrohttpd refuses for their
  /// length, and shuts them down. Each counts as a request in progress until libmicrohttpd has
  /// closed it: the client may read the answer and go before libmicrohttpd has queued its own,
  /// and `stop()` must not stop the daemon in between — 0.9.75 then "queues" the response
  /// without setting it and dereferences the missing one.
  private func refuseUnreadableLengths() {
    guard let table = connections.withLock({ $0 }) else { return }
    for entry in table.servedOnThisThread() {
      guard
        let error = UnreadableLength.refusal(of: entry.connection, bodyLimit: limits.maxBodyBytes)
      else { continue }
      inFlight.add(1, ordering: .sequentiallyConsistent)
      table.shutDown(entry)
      UnreadableLength.send(Self.earlyRefusal(error), on: entry.socket)
      metrics.record(route: "unmatched", status: error.status.code, seconds: 0)
      log?.record(
        RequestLog.Entry(
          time: Date(), remoteAddress: entry.address, method: "-", path: "-", route: "unmatched",
          status: error.status.code, milliseconds: 0))
    }
  }

  /// The table entry of a connection (its socket context).
  private static func entry(_ connection: OpaquePointer) -> ConnectionTable.Entry? {
    accountfeed_mhd_socket_context(connection).map {
      Unmanaged<ConnectionTable.Entry>.fromOpaque($0).takeUnretainedValue()
    }
  }

  // MARK: Reading the request

  /// Every header field line as received. A value with a NUL inside reaches us cut at the NUL
  /// (libmicrohttpd measures it with `strlen`); `hidesBytes(after:before:)` finds the rest, and
  /// such a value is handed on with a NUL at its end, which `ReceivedFields` refuses.
  private static func fields(_ connection: OpaquePointer) -> [ReceivedFields.Line] {
    typealias Found = (line: ReceivedFields.Line, key: UnsafeRawPointer, end: UnsafeRawPointer?)
    var found: [Found] = []
    _ = withUnsafeMutablePointer(to: &found) { pointer in
      MHD_get_connection_values_n(
        connection, .HEADER_KIND,
        { context, _, key, keySize, value, valueSize in
          guard let context, let key else { return .YES }
          let name = key.withMemoryRebound(to: UInt8.self, capacity: keySize) {
            Array(UnsafeBufferPointer(start: $0, count: keySize))
          }
          let bytes =
            value?.withMemoryRebound(to: UInt8.self, capacity: valueSize) {
              Array(UnsafeBufferPointer(start: $0, count: valueSize))
            } ?? []
          context.assumingMemoryBound(to: [Found].self).pointee.append(
            (
              ReceivedFields.Line(name: name, value: bytes), UnsafeRawPointer(key),
              value.map { UnsafeRawPointer($0) + valueSize }
            ))
          return .YES
        }, pointer)
    }
    return found.indices.map { index in
      let (line, _, end) = found[index]
      let next = index + 1 < found.count ? found[index + 1].key : nil
      guard let end, hidesBytes(after: end, before: next) else { return line }
      return ReceivedFields.Line(name: line.name, value: line.value + [0])
    }
  }

  /// Whether more of a field line follows the NUL that ends its value. libmicrohttpd 0.9.75
  /// parses the header in place in its read buffer: it ends a value by writing NULs over the
  /// line's CR and LF (and any trailing space or tab), and the next line (`next`, its name's
  /// first byte) or the empty line that ends the header follows. So after a whole value's
  /// terminator come only NUL, CR, LF, space or tab up to a NUL, CR, LF or the next line, all
  /// inside the header, which has fully arrived; anything else is the rest of a value that held
  /// a NUL (`Bearer <token>\0junk`).
  private static func hidesBytes(after end: UnsafeRawPointer, before next: UnsafeRawPointer?)
    -> Bool
  {
    var byte = end + 1
    while byte != next {
      switch byte.load(as: UInt8.self) {
      case 0x20, 0x09: byte += 1
      case 0x00, 0x0D, 0x0A: return false
      default: return true
      }
    }
    return false
  }

  private static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String]
  {
    var values: [String: String] = [:]
    _ = withUnsafeMutablePointer(to: &values) { pointer in
      MHD_get_connection_values(
        connection, kind,
        { context, _, key, value in
          guard let context, let key else { return .YES }
          context.assumingMemoryBound(to: [String: String].self).pointee[String(cString: key)] =
            value.map { String(cString: $0) } ?? ""
          return .YES
        }, pointer)
    }
    return values
  }

  private static func remoteAddress(_ connection: OpaquePointer) -> String {
    guard let address = accountfeed_mhd_client_address(connection) else { return "-" }
    var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
    let length =
      address.pointee.sa_family == sa_family_t(AF_INET6)
      ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size
    guard
      getnameinfo(address, socklen_t(length), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
        == 0
    else { return "-" }
    return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
