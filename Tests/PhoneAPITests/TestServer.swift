import Foundation
import HTTPServer
import Synchronization

/// An in-process server on a free loopback port for the length of `body`, stopped afterwards.
func withServer<Result>(
  limits: HTTPLimits = HTTPLimits(), log: RequestLog? = nil,
  routes: (inout Router) -> Void, _ body: (HTTPServer, Int) throws -> Result
) throws -> Result {
  var router = Router()
  routes(&router)
  let server = HTTPServer(router: router, limits: limits, log: log)
  let bound = try server.start(try ListenAddress("127.0.0.1:0"))
  defer { server.stop() }
  return try body(server, bound.port)
}

/// Lines a test's request log received, in order.
final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])

  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }

  /// Waits up to two seconds for `count` lines (a line is written once the response is sent).
  func waitFor(_ count: Int) -> [String] {
    let deadline = Date().addingTimeInterval(2)
    while all.count < count, Date() < deadline { usleep(2000) }
    return all
  }
}
