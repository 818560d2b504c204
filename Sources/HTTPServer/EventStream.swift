import CMicroHTTPD
import Synchronization

/// An open `text/event-stream` response that routes and their subscriptions write to from any
/// thread. A stream with nothing to send costs no thread: its connection is suspended in
/// libmicrohttpd and resumed when an event, a heartbeat or the end arrives.
public final class EventStream: Sendable {
  private struct Connection: @unchecked Sendable {
    let pointer: OpaquePointer
  }

  private struct State {
    var pending: [UInt8] = []
    var sent = 0
    var finished = false
    var closed = false
    var connection: Connection?
    var suspended = false
    var onClose: [@Sendable () -> Void] = []
  }

  private let state = Mutex(State())

  public init() {}

  /// Queues `event` for the client; does nothing once the stream has closed.
  public func send(_ event: ServerSentEvent) {
    write(event.framed)
  }

  /// Queues a comment line (a heartbeat).
  public func comment(_ text: String) {
    write(ServerSentEvent.comment(text))
  }

  /// Ends the stream once what is queued has been sent.
  public func finish() {
    state.withLock { state in
      state.finished = true
      Self.wake(&state)
    }
  }

  /// Whether the client may still receive events (the stream has not finished or closed).
  public var isOpen: Bool {
    state.withLock { !$0.finished && !$0.closed }
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
    state.withLock { state in
      guard !state.finished, !state.closed else { return }
      state.pending.append(contentsOf: text.utf8)
      Self.wake(&state)
    }
  }

  /// Resumes a suspended connection. Called under the lock, and only after the reader
  /// suspended it under the same lock, so a resume never overtakes its suspend.
  private static func wake(_ state: inout State) {
    guard state.suspended, let connection = state.connection else { return }
    state.suspended = false
    MHD_resume_connection(connection.pointer)
  }

  // MARK: The server's side

  /// The connection the stream answers on, known once its response is queued.
  func attach(_ connection: OpaquePointer) {
    state.withLock { $0.connection = Connection(pointer: connection) }
  }

  /// libmicrohttpd's content reader: copies up to `capacity` queued bytes, or ends the stream,
  /// or suspends the connection until there is something to send (returning 0).
  func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
    state.withLock { state in
      let available = state.pending.count - state.sent
      if available > 0 {
        let count = min(available, capacity)
        state.pending.withUnsafeBytes { bytes in
          UnsafeMutableRawPointer(buffer).copyMemory(
            from: bytes.baseAddress! + state.sent, byteCount: count)
        }
        state.sent += count
        if state.sent == state.pending.count {
          state.pending.removeAll(keepingCapacity: true)
          state.sent = 0
        }
        return count
      }
      if state.finished || state.closed { return -1 }
      if let connection = state.connection {
        state.suspended = true
        MHD_suspend_connection(connection.pointer)
      }
      return 0
    }
  }

  /// The response is gone (sent to the end, or the client disconnected): run the close handlers.
  func closed() {
    let handlers = state.withLock { state in
      state.closed = true
      state.connection = nil
      state.suspended = false
      defer { state.onClose = [] }
      return state.onClose
    }
    for handler in handlers { handler() }
  }
}
