import Foundation
import HTTPServer
import Testing

/// Routes answer what they registered; everything else gets the JSON error body with the
/// status that says why.
@Suite("Routing and error bodies")
struct RoutingTests {
  private static func routes(_ router: inout Router) {
    router.add("GET", "/hello") { request in
      .json(["hello": .string(request.query["name"] ?? "world")])
    }
    router.add("POST", "/echo") { request in
      .bytes(request.body, contentType: "application/octet-stream")
    }
    router.add("GET", "/boom") { _ in throw CocoaError(.fileNoSuchFile) }
    router.add("GET", "/teapot") { _ in throw HTTPError(.conflict, code: "busy", "try later") }
  }

  @Test func aRegisteredRouteAnswersWithItsQueryDecoded() throws {
    try withServer(routes: Self.routes) { _, port in
      let response = try httpRequest(port: port, "GET", "/hello?name=J%C3%BCrgen")
      #expect(response.status == 200)
      #expect(response.headers["content-type"] == "application/json")
      #expect(response.text == "{\"hello\":\"Jürgen\"}\n")
    }
  }

  @Test func anUnknownPathIs404WithAJSONErrorBody() throws {
    try withServer(routes: Self.routes) { _, port in
      let response = try httpRequest(port: port, "GET", "/nowhere")
      #expect(response.status == 404)
      #expect(response.errorCode == "not_found")
      #expect((response.json?["error"] as? [String: Any])?["message"] as? String != nil)
    }
  }

  @Test func aKnownPathWithAnotherMethodIs405WithAllow() throws {
    try withServer(routes: Self.routes) { _, port in
      let response = try httpRequest(port: port, "DELETE", "/hello")
      #expect(response.status == 405)
      #expect(response.headers["allow"] == "GET")
      #expect(response.errorCode == "method_not_allowed")
    }
  }

  @Test func aThrownHTTPErrorKeepsItsStatusAndCode() throws {
    try withServer(routes: Self.routes) { _, port in
      let response = try httpRequest(port: port, "GET", "/teapot")
      #expect(response.status == 409)
      #expect(response.errorCode == "busy")
    }
  }

  @Test func anyOtherErrorIs500WithAJSONBody() throws {
    try withServer(routes: Self.routes) { _, port in
      let response = try httpRequest(port: port, "GET", "/boom")
      #expect(response.status == 500)
      #expect(response.errorCode == "internal")
    }
  }

  @Test func aBodyReachesTheRouteWhole() throws {
    try withServer(routes: Self.routes) { _, port in
      let body = Data((0..<10_000).map { UInt8($0 % 251) })
      let response = try httpRequest(port: port, "POST", "/echo", body: body)
      #expect(response.status == 200)
      #expect(response.body == body)
    }
  }

  @Test func oneConnectionCarriesSeveralRequests() throws {
    try withServer(routes: Self.routes) { _, port in
      let connection = try TestConnection(port: port)
      for name in ["a", "b", "c"] {
        #expect(
          try connection.request("GET", "/hello?name=\(name)").text == "{\"hello\":\"\(name)\"}\n")
      }
    }
  }
}
