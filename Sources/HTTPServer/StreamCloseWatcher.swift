import CMicroHTTPD
import Foundation
import Synchronization

/// Notices at once that the client of a suspended event stream has gone. libmicrohttpd takes a
/// suspended connection out of its epoll set, so on its own it learns of a close only when the
/// next heartbeat is written — seconds during which the stream keeps its owner's slot and a
/// phone reconnecting at its limit is refused. This watches each suspended stream's socket for
/// the peer's end (`EPOLLRDHUP`, one shot, re-armed at each suspend) in one epoll set of its
/// own, so an idle stream still costs nothing per wake-up, and ends the stream when it comes.
///
/// Registrations are never removed by hand: the kernel drops one when libmicrohttpd closes the
/// socket, and events carry a stream's number, not its descriptor, so one for a stream already
/// gone finds nothing to end.
final class StreamCloseWatcher: Sendable {
  private let epoll: Int32
  private let watched = Mutex<[UInt64: EventStream]>([:])
  private let nextNumber = Atomic<UInt64>(1)
  private let stopped = Atomic<Bool>(false)
  private let finished = DispatchSemaphore(value: 0)

  init() {
    epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
    let thread = Thread { [self] in
      run()
      finished.signal()
    }
    thread.name = "http-stream-close"
    thread.start()
  }

  /// A number for a stream to be watched under.
  func register(_ stream: EventStream) -> UInt64 {
    let number = nextNumber.add(1, ordering: .relaxed).oldValue
    watched.withLock { $0[number] = stream }
    return number
  }

  /// Forgets a stream that has closed.
  func forget(_ number: UInt64) {
    _ = watched.withLock { $0.removeValue(forKey: number) }
  }

  /// Watches `socket` for its peer's end once, on behalf of stream `number`.
  func arm(_ socket: Int32, for number: UInt64) {
    guard epoll >= 0, socket >= 0 else { return }
    var event = epoll_event()
    event.events = EPOLLRDHUP.rawValue | EPOLLONESHOT.rawValue
    event.data.u64 = number
    if epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event) != 0, errno == ENOENT {
      _ = epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event)
    }
  }

  /// Ends the thread and closes the epoll set.
  func stop() {
    stopped.store(true, ordering: .sequentiallyConsistent)
    finished.wait()
    if epoll >= 0 { close(epoll) }
  }

  private func run() {
    guard epoll >= 0 else { return }
    var events = [epoll_event](repeating: epoll_event(), count: 64)
    while !stopped.load(ordering: .sequentiallyConsistent) {
      let count = epoll_wait(epoll, &events, Int32(events.count), 200)
      guard count > 0 else { continue }
      for event in events[..<Int(count)] {
        let stream = watched.withLock { $0[event.data.u64] }
        stream?.abandon()
      }
    }
  }
}
