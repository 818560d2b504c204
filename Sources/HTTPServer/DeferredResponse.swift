import CMicroHTTPD
import Synchronization

/// The response to a request whose route runs on a worker (`RequestWorkers`), handed from that
/// worker to the connection's network thread. Meanwhile the connection waits suspended in
/// libmicrohttpd: no thread, not polled, not timed out (its idle time starts again on resume).
///
/// The suspend and the resume happen under one lock, as an `EventStream`'s do: the network
/// thread suspends only while no answer has come, and an answer resumes only a connection that
/// was suspended, so a resume never overtakes its suspend. The first answer wins: when the
/// server stops it answers the requests whose workers are still busy (libmicrohttpd must not
/// be stopped with a connection suspended), and a worker's own answer after that is refused.
final class DeferredResponse: Sendable {
  private struct Connection: @unchecked Sendable {
    let pointer: OpaquePointer
  }

  private struct State: Sendable {
    var answered = false
    var response: HTTPResponse?
    var suspended: Connection?

    mutating func take() -> HTTPResponse? {
      defer { response = nil }
      return response
    }
  }

  private let state = Mutex(State())

  /// On the network thread, once the request is queued: the response when it has come
  /// already, else nil with the connection suspended until it does.
  func responseOrSuspend(_ connection: OpaquePointer) -> HTTPResponse? {
    state.withLock { state in
      if state.answered { return state.take() }
      state.suspended = Connection(pointer: connection)
      MHD_suspend_connection(connection)
      return nil
    }
  }

  /// From any thread: gives the response and resumes the connection if it is suspended.
  /// Returns false, keeping nothing, when the request was answered already.
  func answer(_ response: HTTPResponse) -> Bool {
    state.withLock { state in
      guard !state.answered else { return false }
      state.answered = true
      state.response = response
      if let connection = state.suspended {
        state.suspended = nil
        MHD_resume_connection(connection.pointer)
      }
      return true
    }
  }

  /// On the network thread, once the connection has been resumed: the response (once).
  func take() -> HTTPResponse? {
    state.withLock { $0.take() }
  }
}
