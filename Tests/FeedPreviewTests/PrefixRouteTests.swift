import HTTPServer
import Testing

/// `/owners/<id>` is a prefix route: the router added for it prefers an exact path, then the
/// longest prefix, and labels such requests `prefix*` so metrics do not grow with every id.
@Suite struct PrefixRouteTests {
  static func router() -> Router {
    var router = Router()
    router.add("GET", "/owners/new") { _ in .text("exact") }
    router.add("GET", prefix: "/owners/") { _ in .text("owner") }
    router.add("GET", prefix: "/owners/archive/") { _ in .text("archive") }
    return router
  }

  static func answer(_ method: String, _ path: String) throws -> String {
    let match = try Self.router().match(method: method, path: path).get()
    guard case .bytes(let body) = try match.handler(HTTPRequest(method: method, path: path)).body
    else { return "" }
    return "\(match.route) \(String(decoding: body, as: UTF8.self))"
  }

  @Test func anExactPathWinsOverAPrefix() throws {
    #expect(try Self.answer("GET", "/owners/new") == "/owners/new exact")
  }

  @Test func theLongestPrefixWinsAndNamesTheRoute() throws {
    #expect(try Self.answer("GET", "/owners/demo") == "/owners/* owner")
    #expect(try Self.answer("GET", "/owners/archive/7") == "/owners/archive/* archive")
  }

  @Test func anotherMethodOnAPrefixIsRefusedWithAllow() {
    guard case .failure(let error) = Self.router().match(method: "POST", path: "/owners/demo")
    else {
      Issue.record("POST matched a GET-only prefix route")
      return
    }
    #expect(error.status == .methodNotAllowed)
    #expect(error.headers["Allow"] == "GET")
  }

  @Test func aPathOutsideEveryPrefixIsNotFound() {
    guard case .failure(let error) = Self.router().match(method: "GET", path: "/owner") else {
      Issue.record("/owner matched the /owners/ prefix")
      return
    }
    #expect(error.status == .notFound)
  }
}
