import Foundation
import Synchronization

/// Every connection the server holds, counted as libmicrohttpd opens and closes them, so that
/// the bounds are the server's own and nothing past them hangs:
///
/// - up to `limit` connections are admitted and served;
/// - past it, and past `perAddress` from one client address, a connection is still accepted
///   into a small reserve and its request answered at once (503, or 429 for the address) with
///   `Retry-After`, then closed — libmicrohttpd's own limits close or never accept, which a
///   client sees as a reset or a hang;
/// - past the reserve too, it is closed as it is accepted;
/// - a connection waiting for a request (just opened, or kept alive after a response) whose
///   request has not wholly arrived within `requestDeadline` is shut down: a client trickling a
///   byte a second is never idle, so the idle timeout alone would never free it.
final class ConnectionTable: Sendable {
  /// Whether a connection is served or only told to come back later.
  enum Admission: Sendable {
    case admitted
    case serverFull
    case addressFull
  }

  /// One open connection; its fields other than the constants change under the table's lock.
  final class Entry: @unchecked Sendable {
    let socket: Int32
    let address: String
    let admission: Admission
    /// libmicrohttpd's connection, touched only on its thread.
    let connection: OpaquePointer
    /// The thread that accepted the connection: libmicrohttpd serves it there and nowhere else.
    let thread: pthread_t
    /// When it began waiting for a request; nil while a request is being answered or streamed.
    fileprivate var waitingSince: ContinuousClock.Instant?
    /// Whether the server has answered it itself and shut it down (`UnreadableLength`).
    fileprivate var shutDown = false

    fileprivate init(
      socket: Int32, address: String, admission: Admission, connection: OpaquePointer
    ) {
      self.socket = socket
      self.address = address
      self.admission = admission
      self.connection = connection
      self.thread = pthread_self()
      self.waitingSince = .now
    }
  }

  private struct State {
    var entries: [ObjectIdentifier: Entry] = [:]
    var admitted = 0
    var perAddress: [String: Int] = [:]
  }

  let limit: Int
  let perAddress: Int
  let reserve: Int
  let requestDeadline: Duration
  private let state = Mutex(State())

  init(limit: Int, perAddress: Int, reserve: Int, requestDeadline: Duration) {
    self.limit = limit
    self.perAddress = perAddress
    self.reserve = reserve
    self.requestDeadline = requestDeadline
  }

  /// Connections open now, admitted or not.
  var open: Int { state.withLock { $0.entries.count } }

  /// Whether one more connection fits, the reserve included (asked before libmicrohttpd keeps it).
  var hasRoom: Bool { state.withLock { $0.entries.count < limit + reserve } }

  /// Counts a connection libmicrohttpd has just opened, on the thread that will serve it, and
  /// says whether it is served.
  func opened(socket: Int32, address: String, connection: OpaquePointer) -> Entry {
    state.withLock { state in
      let fromAddress = state.perAddress[address, default: 0]
      let admission: Admission =
        fromAddress >= perAddress ? .addressFull : state.admitted >= limit ? .serverFull : .admitted
      let entry = Entry(
        socket: socket, address: address, admission: admission, connection: connection)
      state.entries[ObjectIdentifier(entry)] = entry
      if admission == .admitted {
        state.admitted += 1
        state.perAddress[address] = fromAddress + 1
      }
      return entry
    }
  }

  /// Forgets a connection; libmicrohttpd closes its socket only after this returns, so a
  /// shutdown under the same lock never reaches a descriptor given to another socket. Returns
  /// whether the server had shut it down itself (`shutDown(_:)`).
  func closed(_ entry: Entry) -> Bool {
    state.withLock { state in
      guard state.entries.removeValue(forKey: ObjectIdentifier(entry)) != nil else { return false }
      guard entry.admission == .admitted else { return entry.shutDown }
      state.admitted -= 1
      let remaining = state.perAddress[entry.address, default: 1] - 1
      state.perAddress[entry.address] = remaining > 0 ? remaining : nil
      return entry.shutDown
    }
  }

  /// The connection's request has wholly arrived: the deadline stops until it completes.
  func requestArrived(_ entry: Entry) {
    state.withLock { _ in entry.waitingSince = nil }
  }

  /// The connection's response is done and it waits for the next request on a kept-alive
  /// connection: the deadline starts again.
  func requestCompleted(_ entry: Entry) {
    state.withLock { _ in entry.waitingSince = .now }
  }

  /// The connections the calling thread serves that the server has not shut down itself.
  func servedOnThisThread() -> [Entry] {
    let thread = pthread_self()
    return state.withLock { state in
      state.entries.values.filter { !$0.shutDown && pthread_equal($0.thread, thread) != 0 }
    }
  }

  /// The server has answered the connection itself and shut it down.
  func shutDown(_ entry: Entry) {
    state.withLock { _ in
      entry.shutDown = true
      entry.waitingSince = nil
    }
  }

  /// Shuts down every connection whose request is later than the deadline (libmicrohttpd then
  /// reads the end and closes it); returns how many.
  func closeLate() -> Int {
    let now = ContinuousClock.now
    return state.withLock { state in
      var late = 0
      for entry in state.entries.values {
        guard let since = entry.waitingSince, now - since > requestDeadline else { continue }
        entry.waitingSince = nil
        shutdown(entry.socket, Int32(SHUT_RDWR))
        late += 1
      }
      return late
    }
  }
}
