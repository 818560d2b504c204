import AccountFeedTestSupport
import Foundation
import HTTPServer
import Synchronization
import Testing

/// Blocking routes run on the server's workers, never on its network threads, behind a queue
/// bounded in all and per client: a slow client never stalls another, and past a bound a
/// request is answered at once with `Retry-After`, never left hanging.
@Suite("Admission control")
struct AdmissionTests {
  /// `/held` requests wait until the test lets them go, so workers are busy for exactly as
  /// long as a test needs, however loaded the machine.
  private final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let count = Atomic<Int>(0)

    /// Requests that have started running.
    var entered: Int { count.load(ordering: .sequentiallyConsistent) }

    func pass() {
      count.add(1, ordering: .sequentiallyConsistent)
      semaphore.wait()
    }

    func release(_ requests: Int) {
      for _ in 0..<requests { semaphore.signal() }
    }
  }

  /// `/held` (blocking, waits for the gate), `/hello` (blocking, answers at once), `/health`
  /// (never blocks); a request's client is its `X-Client` header.
  private static func routes(_ gate: Gate) -> (inout Router) -> Void {
    { router in
      router.fairnessKey = { $0.header("x-client") ?? "-" }
      router.add("GET", "/held") { _ in
        gate.pass()
        return .json(["done": true])
      }
      router.add("GET", "/hello") { _ in .json(["hello": "world"]) }
      router.add("GET", "/health", blocking: false) { _ in .json(["status": "ok"]) }
    }
  }

  /// One network thread, so a stalled client would stall every other.
  private static func limits(workers: Int, perClient: Int? = nil) -> HTTPLimits {
    var limits = HeldRequests.limits(workers: workers)
    limits.threads = 1
    limits.maxWorkersPerClient = perClient
    return limits
  }

  /// A server of `routes(gate)` on `limits`; the gate is opened for every request afterwards,
  /// so none outlives the test.
  private static func withGatedServer(
    _ limits: HTTPLimits, _ body: (HTTPServer, Int, Gate) throws -> Void
  ) throws {
    let gate = Gate()
    defer { gate.release(100) }
    try withServer(limits: limits, routes: routes(gate)) { server, port in
      try body(server, port, gate)
    }
  }

  /// `withGatedServer` with `holder`'s `/held` request running on a worker before `body` starts;
  /// `held` is the requests the gate holds, for the test to queue more behind it.
  private static func withWorkerHeld(
    _ limits: HTTPLimits, by holder: String = "a",
    _ body: (HTTPServer, Int, Gate, HeldRequests) throws -> Void
  ) throws {
    try withGatedServer(limits) { server, port, gate in
      let held = HeldRequests()
      held.send(port: port, "/held", as: holder)
      #expect(eventually { gate.entered == 1 })
      try body(server, port, gate, held)
    }
  }

  private static func ask(_ port: Int, _ path: String, as client: String) throws -> TestResponse {
    try TestConnection(port: port, timeoutSeconds: 5).request(
      "GET", path, headers: ["X-Client": client])
  }

  @Test func aClientAtItsShareOfWorkersDoesNotStallAnotherClient() throws {
    try Self.withGatedServer(Self.limits(workers: 2, perClient: 1)) { server, port, gate in
      let slow = HeldRequests()
      for _ in 0..<4 { slow.send(port: port, "/held", as: "slow") }
      #expect(eventually { gate.entered == 1 && server.requestsWaiting == 3 })
      let other = try Self.ask(port, "/hello", as: "other")
      #expect(other.status == 200)
      #expect(gate.entered == 1)
      #expect(slow.statuses.isEmpty)
      gate.release(4)
      #expect(eventually { slow.statuses == [200, 200, 200, 200] })
    }
  }

  @Test func aRouteThatNeverBlocksIsAnsweredWhileEveryWorkerIsBusy() throws {
    try Self.withWorkerHeld(Self.limits(workers: 1)) { server, port, gate, held in
      held.send(port: port, "/held", as: "b")
      #expect(eventually { server.requestsWaiting == 1 })
      let health = try Self.ask(port, "/health", as: "c")
      #expect(health.status == 200)
      gate.release(2)
      #expect(eventually { held.statuses == [200, 200] })
    }
  }

  @Test func pastTheQueueBoundARequestIs503WithRetryAfterAndCounted() throws {
    var limits = Self.limits(workers: 1)
    limits.maxQueuedRequests = 2
    try Self.withWorkerHeld(limits) { server, port, gate, held in
      for client in ["b", "c"] { held.send(port: port, "/held", as: client) }
      #expect(eventually { server.requestsWaiting == 2 })
      let metrics = server.metrics.exposition()
      #expect(metrics.contains("\nfeed_http_work_queue_depth 2\n"))
      #expect(metrics.contains("\nfeed_http_workers_busy 1\n"))
      let refused = try Self.ask(port, "/hello", as: "d")
      refused.expectRetryLater(503, code: "overloaded")
      #expect(server.metrics.exposition().contains("\nfeed_http_requests_shed_total 1\n"))
      gate.release(3)
      #expect(eventually { held.statuses == [200, 200, 200] })
    }
  }

  @Test func pastItsOwnQueueBoundAClientIs429WhileOthersAreQueued() throws {
    var limits = Self.limits(workers: 1)
    limits.maxQueuedPerClient = 1
    try Self.withWorkerHeld(limits, by: "greedy") { server, port, gate, held in
      held.send(port: port, "/held", as: "greedy")
      #expect(eventually { server.requestsWaiting == 1 })
      let refused = try Self.ask(port, "/hello", as: "greedy")
      refused.expectRetryLater(429, code: "too_many_requests")
      #expect(
        server.metrics.exposition().contains("\nfeed_http_client_requests_refused_total 1\n"))
      let other = HeldRequests()
      other.send(port: port, "/hello", as: "modest")
      #expect(eventually { server.requestsWaiting == 2 })
      gate.release(2)
      #expect(eventually { other.statuses == [200] && held.statuses == [200, 200] })
    }
  }

  @Test func aRequestWaitingLongerThanTheQueueWaitIs503() throws {
    var limits = Self.limits(workers: 1)
    limits.maxQueueWaitSeconds = 0.2
    try Self.withWorkerHeld(limits) { server, port, gate, held in
      let refused = try Self.ask(port, "/hello", as: "b")
      refused.expectRetryLater(503, code: "overloaded")
      #expect(server.metrics.exposition().contains("\nfeed_http_requests_shed_total 1\n"))
      gate.release(1)
      #expect(eventually { held.statuses == [200] })
    }
  }

  /// Requests waiting for a worker are answered 503 with `Connection: close` as the server
  /// stops; the one running finishes, and `stop()` returns with nothing left in progress.
  @Test func stoppingWithRequestsQueuedAnswersThem503AndEndsCleanly() throws {
    let gate = Gate()
    defer { gate.release(100) }
    var router = Router()
    Self.routes(gate)(&router)
    let server = HTTPServer(router: router, limits: Self.limits(workers: 1))
    let port = try server.start(try ListenAddress("127.0.0.1:0")).port
    let running = HeldRequests()
    running.send(port: port, "/held", as: "a")
    #expect(eventually { gate.entered == 1 })
    let waiting = try (0..<2).map { _ in try TestConnection(port: port) }
    for connection in waiting {
      try connection.write("GET /hello HTTP/1.1\r\nHost: x\r\nX-Client: b\r\n\r\n")
    }
    #expect(eventually { server.requestsWaiting == 2 })
    let stopped = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      server.stop()
      stopped.signal()
    }
    for connection in waiting {
      let response = try connection.readResponse()
      #expect(response.status == 503)
      #expect(response.headers["connection"]?.lowercased() == "close")
    }
    gate.release(1)
    stopped.wait()
    #expect(eventually { running.statuses == [200] })
    #expect(server.requestsInProgress == 0)
  }

  /// A route still running when the drain ends does not hold `stop()`: its client is answered
  /// 503 (or its connection closed) and libmicrohttpd stops with no connection suspended. The
  /// route's answer, when it comes, is dropped, and an event stream in it is closed.
  @Test func aRouteStillRunningAfterTheDrainDoesNotHoldTheStop() throws {
    let gate = Gate()
    defer { gate.release(100) }
    let streamClosed = Atomic<Bool>(false)
    var router = Router()
    router.add("GET", "/late-stream") { _ in
      gate.pass()
      let stream = EventStream()
      stream.onClose { streamClosed.store(true, ordering: .sequentiallyConsistent) }
      return .events(stream)
    }
    var limits = Self.limits(workers: 1)
    limits.drainSeconds = 0.2
    let server = HTTPServer(router: router, limits: limits)
    let port = try server.start(try ListenAddress("127.0.0.1:0")).port
    let client = try TestConnection(port: port, timeoutSeconds: 5)
    try client.write("GET /late-stream HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(eventually { gate.entered == 1 })
    server.stop()
    #expect(server.requestsInProgress == 0)
    let answer = try? client.readResponse()
    #expect(answer == nil || answer?.status == 503)
    gate.release(1)
    #expect(eventually { streamClosed.load(ordering: .sequentiallyConsistent) })
  }
}

extension HeldRequests {
  /// `GET path` as `client` (its `X-Client` header).
  fileprivate func send(port: Int, _ path: String, as client: String) {
    send(port: port, path, headers: ["X-Client": client])
  }
}
