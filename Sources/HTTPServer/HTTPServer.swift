import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: its thread pool polls connections with `poll(2)`, routes
/// registered by the front end answer requests, and event streams wait suspended (no thread,
/// not polled) between events. One log line and one metrics sample per request.
///
/// Not epoll: libmicrohttpd 0.9.75 (Debian 12's) races `MHD_quiesce_daemon` against its own
/// epoll worker threads — both take the listening socket out of a worker's epoll set, and the
/// loser aborts the process ("Failed to remove listen FD from epoll set") when a connection
/// arrives as `stop()` begins. The poll loop builds its set on every turn and leaves the
/// listening socket out once quiesced, so stopping is safe however busy the server is.
///
/// `stop()` stops accepting, ends every event stream, lets requests in progress finish (up to
/// `HTTPLimits.drainSeconds`) and then closes what is left.
public final class HTTPServer: Sendable {
  private struct Daemon: @unchecked Sendable {
    let pointer: OpaquePointer
    let context: UnsafeMutableRawPointer
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

  public init(
    router: Router, limits: HTTPLimits = HTTPLimits(), metrics: ServerMetrics = ServerMetrics(),
    log: RequestLog? = nil
  ) {
    self.router = router
    self.routePaths = Set(router.paths)
    self.limits = limits
    self.metrics = metrics
    self.log = log
  }

  /// Binds `address` and starts serving; returns the address bound (with the port the system
  /// chose when `address` asked for port 0).
  @discardableResult
  public func start(_ address: ListenAddress) throws(HTTPServerError) -> ListenAddress {
    let (socket, bound) = try Self.listen(address)
    let context = Unmanaged.passRetained(self).toOpaque()
    let flags =
      MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue | MHD_USE_ITC.rawValue
      | MHD_ALLOW_SUSPEND_RESUME.rawValue | (address.isIPv6 ? MHD_USE_IPv6.rawValue : 0)
    let started = accountfeed_mhd_start(
      flags, socket, Self.accessHandler, context, Self.completedHandler, Self.targetHandler,
      UInt32(limits.threads),
      UInt32(limits.idleTimeoutSeconds), limits.maxHeaderBytes, UInt32(limits.maxConnections))
    guard let started else {
      close(socket)
      Unmanaged<HTTPServer>.fromOpaque(context).release()
      throw .cannotStart(bound)
    }
    let running = daemon.withLock { daemon in
      if daemon != nil { return true }
      daemon = Daemon(pointer: started, context: context)
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

  /// Stops cleanly: no new connections, event streams ended, requests in progress drained.
  /// Safe to call more than once and from any thread.
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
    // The listening socket is shut down at once, so a new connection is refused rather than
    // left waiting in the backlog, but closed only after MHD_stop_daemon, as libmicrohttpd's
    // manual asks of a threaded daemon: its threads may use the descriptor until then, and a
    // descriptor closed early can be given to another socket of the process.
    let listener = MHD_quiesce_daemon(running.pointer)
    if listener >= 0 { shutdown(listener, Int32(SHUT_RDWR)) }
    for stream in streams.withLock({ Array($0.values) }) { stream.finish() }
    let deadline = ContinuousClock.now + .milliseconds(Int(limits.drainSeconds * 1000))
    while inFlight.load(ordering: .sequentiallyConsistent) > 0, ContinuousClock.now < deadline {
      usleep(5000)
    }
    MHD_stop_daemon(running.pointer)
    if listener >= 0 { close(listener) }
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

  private static func systemError() -> String {
    String(cString: strerror(errno))
  }

  // MARK: Heartbeats

  private func startHeartbeat() {
    let interval = limits.heartbeatSeconds
    let thread = Thread { [self] in
      while !stopping.load(ordering: .sequentiallyConsistent) {
        if heartbeatWake.wait(timeout: .now() + interval) == .success { continue }
        for stream in streams.withLock({ Array($0.values) }) { stream.comment("heartbeat") }
      }
    }
    thread.name = "http-heartbeat"
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

    init(target: String) {
      self.target = target
    }
  }

  /// libmicrohttpd calls this once when the header has arrived, once per piece of body, and
  /// once more when the body is complete; the route runs on that last call.
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
      do {
        try RequestTarget.check(exchange.target)
        let fields = try ReceivedFields(
          Self.fields(connection), requiresHost: version == "HTTP/1.1")
        exchange.headers = fields.headers
        if let length = fields.contentLength, length > UInt64(limits.maxBodyBytes) {
          var response = HTTPError.contentTooLarge(limit: limits.maxBodyBytes).response
          response.headers.append(("Connection", "close"))
          return respond(connection, exchange, response)
        }
      } catch {
        return respond(connection, exchange, error.response)
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
    if exchange.bodyTooLarge {
      return respond(
        connection, exchange, HTTPError.contentTooLarge(limit: limits.maxBodyBytes).response)
    }
    if stopping.load(ordering: .sequentiallyConsistent) {
      var response = HTTPError.unavailable("the server is shutting down").response
      response.headers.append(("Connection", "close"))
      return respond(connection, exchange, response)
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
      do {
        response = try match.handler(request)
      } catch let error as HTTPError {
        response = error.response
      } catch {
        response = HTTPError.internal(error).response
      }
    }
    return respond(connection, exchange, response)
  }

  private func respond(
    _ connection: OpaquePointer, _ exchange: Exchange, _ response: HTTPResponse
  ) -> MHD_Result {
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
    stream.attach(connection)
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

  private func closed(_ stream: EventStream) {
    streams.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(stream)) }
    metrics.streamClosed()
    stream.closed()
  }

  // MARK: Completion

  private func completed(_ exchange: Exchange) {
    // A request libmicrohttpd refused itself, before its header was complete, never started.
    guard exchange.started else { return }
    inFlight.subtract(1, ordering: .sequentiallyConsistent)
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
    context, _, exchange, _ in
    guard let context, let exchange, let pointer = exchange.pointee else { return }
    exchange.pointee = nil
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().completed(
      Unmanaged<Exchange>.fromOpaque(pointer).takeRetainedValue())
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
