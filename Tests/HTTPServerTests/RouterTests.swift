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
