import Foundation
import HTTPServer
import Synchronization

/// Requests that hold a server's workers busy: each sent on a connection and thread of its own,
/// so the test goes on while something the test holds (a gate in a route, a lock in the
/// database) keeps it running or queued; their statuses once let go, in the order they came.
final class HeldRequests: Sendable {
  private let received = Mutex<[Int]>([])

  /// `limits` with `workers` workers and a queue wait long enough that no request a test holds
  /// waiting is dropped, however loaded the machine.
  static func limits(workers: Int, from limits: HTTPLimits = HTTPLimits()) -> HTTPLimits {
    var limits = limits
    limits.workers = workers
    limits.maxQueueWaitSeconds = 120
    return limits
  }

  /// The statuses of the requests answered so far; 0 for one that got no answer.
  var statuses: [Int] { received.withLock { $0 } }

  /// Sends `GET path` with `headers` to the server on `port` and returns at once.
  func send(port: Int, _ path: String, headers: [String: String]) {
    Thread.detachNewThread {
      let status = (try? httpRequest(port: port, "GET", path, headers: headers))?.status ?? 0
      self.received.withLock { $0.append(status) }
    }
  }
}
