import HTTPServer
import Testing

/// Routing decided in process, without a socket: which handler a request reaches, under which
/// metrics label, and the refusal for a path or method nobody registered.
@Suite("Router")
struct RouterTests {
  private static var router: Router {
    var router = Router()
    router.add("GET", "/owners") { _ in .text("list") }
    router.add("POST", "/owners") { _ in .text("add") }
    router.add("GET", prefix: "/owners/") { request in .text("owner \(request.path)") }
    router.add("GET", prefix: "/owners/special/") { _ in .text("special") }
    return router
  }

  private static func answer(_ method: String, _ path: String) throws -> String? {
    let match = try router.match(method: method, path: path).get()
    guard case .bytes(let body) = try match.handler(HTTPRequest(method: method, path: path)).body
    else { return nil }
    return String(decoding: body, as: UTF8.self)
  }

  @Test func anExactRouteAnswersItsMethod() throws {
    #expect(try Self.answer("GET", "/owners") == "list")
    #expect(try Self.answer("POST", "/owners") == "add")
  }

  @Test func aRouteAnsweringFromMemoryIsABlockingRouteThatCarriesThatAnswer() throws {
    var router = Router()
    router.add("GET", "/feed", fromMemory: { _ in .text("remembered") }, { _ in .text("read") })
    let match = try router.match(method: "GET", path: "/feed").get()
    #expect(match.blocking)
    let remembered = try #require(match.fromMemory?(HTTPRequest(method: "GET", path: "/feed")))
    guard case .bytes(let body) = remembered.body else {
      Issue.record("the answer from memory has a body")
      return
    }
    #expect(String(decoding: body, as: UTF8.self) == "remembered")
    #expect(try Self.router.match(method: "GET", path: "/owners").get().fromMemory == nil)
  }

  @Test func headIsAnsweredByTheGetRoute() throws {
    #expect(try Self.answer("HEAD", "/owners") == "list")
  }

  @Test func theLongestPrefixWinsAndIsCountedWithAStar() throws {
    #expect(try Self.answer("GET", "/owners/demo") == "owner /owners/demo")
    #expect(try Self.answer("GET", "/owners/special/x") == "special")
    let match = try Self.router.match(method: "GET", path: "/owners/demo").get()
    #expect(match.route == "/owners/*")
    #expect(Self.router.paths == ["/owners", "/owners/*", "/owners/special/*"])
  }

  @Test func theRegisteredRoutesAreListedByPathThenMethodWithPrefixesStarred() {
    let listed = Self.router.registered.map { "\($0.method) \($0.path)" }
    #expect(listed == ["GET /owners", "POST /owners", "GET /owners/*", "GET /owners/special/*"])
  }

  /// A route may block unless registered otherwise, whether exact, by prefix or asked by
  /// `HEAD`: the server then runs it on its workers.
  @Test func aRouteBlocksUnlessRegisteredAsNeverBlocking() throws {
    var router = Self.router
    router.add("GET", "/health", blocking: false) { _ in .text("ok") }
    router.add("GET", prefix: "/static/", blocking: false) { _ in .text("bytes") }
    #expect(try router.match(method: "GET", path: "/owners").get().blocking)
    #expect(try router.match(method: "GET", path: "/owners/demo").get().blocking)
    #expect(try !router.match(method: "GET", path: "/health").get().blocking)
    #expect(try !router.match(method: "HEAD", path: "/health").get().blocking)
    #expect(try !router.match(method: "GET", path: "/static/app.js").get().blocking)
  }

  @Test func aRequestCountsAgainstItsAddressUnlessTheFrontEndSaysOtherwise() {
    var router = Router()
    let request = HTTPRequest(
      method: "GET", path: "/", headers: ["Authorization": "Bearer abc"],
      remoteAddress: "192.0.2.7")
    #expect(router.fairnessKey(request) == "192.0.2.7")
    router.fairnessKey = { $0.bearerToken ?? "" }
    #expect(router.fairnessKey(request) == "abc")
  }

  @Test func anUnknownPathIsNotFound() {
    guard case .failure(let error) = Self.router.match(method: "GET", path: "/nowhere") else {
      Issue.record("an unknown path was routed")
      return
    }
    #expect(error.status == .notFound)
    #expect(error.code == "not_found")
  }

  @Test func anotherMethodIsNotAllowedAndListsTheAllowedOnes() {
    guard case .failure(let error) = Self.router.match(method: "DELETE", path: "/owners") else {
      Issue.record("DELETE was routed")
      return
    }
    #expect(error.status == .methodNotAllowed)
    #expect(error.headers["Allow"] == "GET, POST")
  }

  @Test func aHandlerThatRefusesThrowsItsHTTPError() throws {
    var router = Router()
    router.add("GET", "/busy") { _ in throw HTTPError(.conflict, code: "busy", "try later") }
    let match = try router.match(method: "GET", path: "/busy").get()
    #expect(throws: HTTPError(.conflict, code: "busy", "try later")) {
      try match.handler(HTTPRequest(method: "GET", path: "/busy"))
    }
  }
}
