import CMicroHTTPD
import Dispatch
import Synchronization

/// An open `text/event-stream` response that routes and their subscriptions write to from any
/// thread. A stream with nothing to send costs no thread: its connection is suspended in
/// libmicrohttpd and resumed when an event, a heartbeat or the end arrives.
///
/// Its unsent bytes are bounded: past the server's `HTTPLimits.streamBufferBytes` it is
/// *behind*, and a front end waits (`whenDrained`) and then sends one catch-up instead of every
/// change; an event sent to it while behind ends it, and so does staying behind longer than
/// `HTTPLimits.streamLagSeconds`. The client resumes with `Last-Event-ID`.
public final class EventStream: Sendable {
  private struct Connection: @unchecked Sendable {
    let pointer: OpaquePointer
    let socket: Int32
  }

  /// Where the stream is watched for its client leaving while suspended.
  private struct Watch: Sendable {
    let watcher: StreamCloseWatcher
    let number: UInt64
  }

  private struct State {
    var pending: [UInt8] = []
    var sent = 0
    var finished = false
    var closed = false
    var connection: Connection?
    var suspended = false
    var onClose: [@Sendable () -> Void] = []
    var bufferBytes = Int.max
    /// Since when bytes have been waiting without the client taking them all.
    var pendingSince: ContinuousClock.Instant?
    /// Ended by the server (behind, lagging, client gone): the connection is closed, not drained.
    var abandoned = false
    var onDrained: (@Sendable () -> Void)?
    var watch: Watch?

    var pendingBytes: Int { pending.count - sent }
  }

  private let state = Mutex(State())

  public init() {}

  /// Queues `event` for the client; does nothing once the stream has closed.
  public func send(_ event: ServerSentEvent) {
    write(event.framed)
  }

  /// Queues a `retry:` field, which tells the client how long to wait before reconnecting once
  /// the stream ends. It dispatches no event (it carries no data); an `EventSource` keeps the
  /// delay for every later reconnection.
  public func adviseReconnection(after delay: Duration) {
    let (seconds, attoseconds) = delay.components
    write(ServerSentEvent.retry(milliseconds: seconds * 1000 + attoseconds / 1_000_000_000_000_000))
  }

  /// Queues a comment line (a heartbeat) unless bytes are already waiting: those will tell
  /// whether the client is still there.
  public func comment(_ text: String) {
    guard pendingBytes == 0 else { return }
    write(ServerSentEvent.comment(text))
  }

  /// Bytes queued and not yet handed to the connection.
  public var pendingBytes: Int {
    state.withLock { $0.pendingBytes }
  }

  /// Whether the client has fallen behind: more than the server's bound is waiting. Send it
  /// nothing more until `whenDrained` runs.
  public var isBehind: Bool {
    state.withLock { $0.pendingBytes >= $0.bufferBytes }
  }

  /// Runs `body` once everything queued has been handed to the connection (at once when
  /// nothing is), on a queue of its own, not a server thread; it replaces a `body` given
  /// earlier that has not run, so wakes while behind fold into one catch-up.
  public func whenDrained(_ body: @escaping @Sendable () -> Void) {
    let now = state.withLock { state in
      guard state.pendingBytes > 0, !state.closed, !state.abandoned else { return true }
      state.onDrained = body
      return false
    }
    if now { DispatchQueue.global().async(execute: body) }
  }

  /// Ends the stream once what is queued has been sent.
  public func finish() {
    state.withLock { state in
      state.finished = true
      Self.wake(&state)
    }
  }

  /// Whether the client may still receive events (the stream has not finished, been ended or
  /// closed).
  public var isOpen: Bool {
    state.withLock { !$0.finished && !$0.closed && !$0.abandoned }
  }

  /// Runs `body` once when the stream closes (client gone, finished, server stopping), on the
  /// server's thread; at once when it has closed already. Subscriptions cancel themselves here.
  public func onClose(_ body: @escaping @Sendable () -> Void) {
    let closed = state.withLock { state in
      if !state.closed { state.onClose.append(body) }
      return state.closed
    }
    if closed { body() }
  }

  private func write(_ text: String) {
    let ignoredBound = state.withLock { state in
      guard !state.finished, !state.closed, !state.abandoned else { return false }
      guard state.pendingBytes < state.bufferBytes else { return true }
      if state.pendingBytes == 0 { state.pendingSince = .now }
      state.pending.append(contentsOf: text.utf8)
      Self.wake(&state)
      return false
    }
    if ignoredBound { abandon() }
  }

  /// Ends the stream now, dropping what is queued: its connection is closed rather than
  /// drained. Returns false when it had already ended or closed.
  @discardableResult
  func abandon() -> Bool {
    state.withLock { state in
      guard !state.closed, !state.abandoned else { return false }
      state.abandoned = true
      state.pending = []
      state.sent = 0
      state.pendingSince = nil
      state.onDrained = nil
      Self.wake(&state)
      return true
    }
  }

  /// Whether bytes have waited, undrained, longer than `limit`.
  func lagging(longerThan limit: Duration, now: ContinuousClock.Instant) -> Bool {
    state.withLock { state in state.pendingSince.map { now - $0 > limit } ?? false }
  }

  /// Resumes a suspended connection. Called under the lock, and only after the reader
  /// suspended it under the same lock, so a resume never overtakes its suspend.
  private static func wake(_ state: inout State) {
    guard state.suspended, let connection = state.connection else { return }
    state.suspended = false
    MHD_resume_connection(connection.pointer)
  }

  // MARK: The server's side

  /// The connection the stream answers on, known once its response is queued, and the bytes
  /// it may hold unsent before it is behind.
  func attach(
    _ connection: OpaquePointer, socket: Int32, bufferBytes: Int, watcher: StreamCloseWatcher?
  ) {
    let watch = watcher.map { Watch(watcher: $0, number: $0.register(self)) }
    state.withLock { state in
      state.connection = Connection(pointer: connection, socket: socket)
      state.bufferBytes = bufferBytes
      state.watch = watch
    }
  }

  /// libmicrohttpd's content reader: copies up to `capacity` queued bytes, or ends the stream,
  /// or suspends the connection until there is something to send (returning 0), or closes it
  /// (abandoned).
  func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
    var drained: (@Sendable () -> Void)?
    defer { if let drained { DispatchQueue.global().async(execute: drained) } }
    return state.withLock { state in
      if state.abandoned { return -2 }
      let available = state.pending.count - state.sent
      if available > 0 {
        let count = min(available, capacity)
        state.pending.withUnsafeBytes { bytes in
          UnsafeMutableRawPointer(buffer).copyMemory(
            from: bytes.baseAddress! + state.sent, byteCount: count)
        }
        state.sent += count
        if state.sent == state.pending.count {
          state.pending = []
          state.sent = 0
          state.pendingSince = nil
          drained = state.onDrained
          state.onDrained = nil
        }
        return count
      }
      if state.finished || state.closed { return -1 }
      if let connection = state.connection {
        state.suspended = true
        MHD_suspend_connection(connection.pointer)
        if let watch = state.watch { watch.watcher.arm(connection.socket, for: watch.number) }
      }
      return 0
    }
  }

  /// The response is gone (sent to the end, or the client disconnected): run the close handlers.
  func closed() {
    let (handlers, watch) = state.withLock { state in
      state.closed = true
      state.connection = nil
      state.suspended = false
      state.pending = []
      state.sent = 0
      state.pendingSince = nil
      state.onDrained = nil
      defer {
        state.onClose = []
        state.watch = nil
      }
      return (state.onClose, state.watch)
    }
    if let watch { watch.watcher.forget(watch.number) }
    for handler in handlers { handler() }
  }
}
