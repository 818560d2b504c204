import FeedHTTP
import Foundation
import Synchronization
import Testing

/// `stop()`: no new connections, open event streams ended, requests in progress finished.
@Suite("Clean shutdown")
struct ShutdownTests {
  private static func routes(_ router: inout Router) {
    router.add("GET", "/slow") { _ in
      usleep(400_000)
      return .json(["done": true])
    }
    router.add("GET", "/hello") { _ in .json(["hello": "world"]) }
    router.add("GET", "/events") { _ in .events(EventStream()) }
  }

  @Test func aRequestInProgressFinishesBeforeTheServerStops() throws {
    var router = Router()
    Self.routes(&router)
    let server = HTTPServer(router: router)
    let port = try server.start(try ListenAddress("127.0.0.1:0")).port
    let answer = Mutex<TestResponse?>(nil)
    let client = Thread {
      let response = try? httpRequest(port: port, "GET", "/slow")
      answer.withLock { $0 = response }
    }
    client.start()
    #expect(eventually { server.requestsInProgress == 1 })
    server.stop()
    #expect(eventually { answer.withLock { $0 } != nil })
    #expect(answer.withLock { $0?.status } == 200)
    #expect(throws: TestClientError.self) { try TestConnection(port: port) }
  }

  @Test func openEventStreamsEndWhenTheServerStops() throws {
    var router = Router()
    Self.routes(&router)
    let server = HTTPServer(router: router)
    let port = try server.start(try ListenAddress("127.0.0.1:0")).port
    let reader = try TestEventReader(port: port, path: "/events")
    #expect(eventually { server.metrics.openStreams == 1 })
    let started = Date()
    server.stop()
    #expect(Date().timeIntervalSince(started) < 2)
    #expect(try reader.next() == nil)
  }

  /// The request in progress is held until the test lets it go, and the question is asked once
  /// the listener has closed: a drain that lasted a fixed time, asked after a fixed sleep, could
  /// be over before the question on a loaded machine.
  @Test func aKeptAliveConnectionAskingDuringTheDrainGets503() throws {
    var router = Router()
    Self.routes(&router)
    let release = DispatchSemaphore(value: 0)
    router.add("GET", "/held") { _ in
      release.wait()
      return .json(["done": true])
    }
    let server = HTTPServer(router: router)
    let port = try server.start(try ListenAddress("127.0.0.1:0")).port
    let idle = try TestConnection(port: port)
    #expect(try idle.request("GET", "/hello").status == 200)
    let held = Thread { _ = try? httpRequest(port: port, "GET", "/held") }
    held.start()
    #expect(eventually { server.requestsInProgress == 1 })
    let stopped = DispatchSemaphore(value: 0)
    let stopper = Thread {
      server.stop()
      stopped.signal()
    }
    stopper.start()
    #expect(eventually { (try? TestConnection(port: port)) == nil })
    let response = try idle.request("GET", "/hello")
    release.signal()
    stopped.wait()
    #expect(response.status == 503)
    #expect(response.errorCode == "unavailable")
  }

  @Test func aStoppedServerCanBeStoppedAgain() throws {
    let server = HTTPServer(router: Router())
    try server.start(try ListenAddress("127.0.0.1:0"))
    server.stop()
    server.stop()
    #expect(server.requestsInProgress == 0)
  }
}
