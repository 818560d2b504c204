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

  @Test func aKeptAliveConnectionAskingDuringTheDrainGets503() throws {
    var router = Router()
    Self.routes(&router)
    let server = HTTPServer(router: router)
    let port = try server.start(try ListenAddress("127.0.0.1:0")).port
    let idle = try TestConnection(port: port)
    #expect(try idle.request("GET", "/hello").status == 200)
    let slow = Thread { _ = try? httpRequest(port: port, "GET", "/slow") }
    slow.start()
    #expect(eventually { server.requestsInProgress == 1 })
    let stopper = Thread { server.stop() }
    stopper.start()
    usleep(100_000)
    let response = try idle.request("GET", "/hello")
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
