import AccountStore
import FeedService
import Foundation
import HTTPServer
import PhoneAPI
import Postgres
import Testing

/// The contract cannot drift from the code. The routes and methods come from the router the
/// server runs; the statuses, content types, header fields and bodies from every response the
/// HTTP tests see, each held to the contract as it is read (`ContractCheck`).
@Suite("The contract and the server")
struct ContractDriftTests {
  private static let methods: Set = ["get", "put", "post", "delete", "options", "head", "patch"]

  /// The phone API's routes as `feedctl serve` registers them: `METHOD path`, a prefix route's
  /// path ending in `*`.
  private static var served: Set<String> {
    let service = FeedService {
      try AccountStore(PostgresConfiguration("host=/nonexistent-accountfeed-socket port=1"))
    }
    let router = PhoneAPI(service: service, events: nil).router(metrics: ServerMetrics())
    return Set(router.registered.map { "\($0.method) \($0.path)" })
  }

  /// The contract's operations in the router's terms: a path ending in a `{parameter}` segment
  /// is the prefix route before it.
  private static var listed: Set<String> {
    get throws {
      try Set(
        PhoneContract.current.get().paths.flatMap { path in
          let route =
            path.template.hasSuffix("}")
            ? path.template.prefix { $0 != "{" } + "*" : path.template
          return path.operations.keys.filter(methods.contains).map { "\($0.uppercased()) \(route)" }
        })
    }
  }

  @Test func theServerHasExactlyTheRoutesAndMethodsTheContractLists() throws {
    let listed = try Self.listed
    #expect(
      Self.served.subtracting(listed).isEmpty, "routes the contract does not list")
    #expect(
      listed.subtracting(Self.served).isEmpty, "operations of the contract the server lacks")
  }

  @Test func aResponseOffTheContractIsNamedWithWhatIsWrong() {
    let wrong = TestResponse(
      status: 200, headers: ["content-type": "application/json", "etag": "W/\"1\""],
      body: Data(#"{"schema":"accountfeed.feed"}"#.utf8))
    let problems = ContractCheck.problems("GET", "/v1/feed", wrong, bodyRead: true)
    #expect(problems.contains { $0.contains("ETag: W/\"1\" does not match") })
    #expect(problems.contains { $0.contains("is a required property") })
    #expect(problems.contains { $0.contains("no Cache-Control header") })
  }

  @Test func aStatusTheContractDoesNotListIsNamed() {
    let teapot = TestResponse(status: 418, headers: [:], body: Data())
    #expect(
      ContractCheck.problems("GET", "/v1/feed", teapot, bodyRead: true) == [
        "the contract lists no 418 for it"
      ])
  }

  @Test func anotherContentTypeIsNamed() {
    let html = TestResponse(
      status: 401, headers: ["content-type": "text/html", "www-authenticate": "Bearer"],
      body: Data("<p>no</p>".utf8))
    #expect(
      ContractCheck.problems("GET", "/v1/feed", html, bodyRead: true) == [
        "Content-Type text/html is not one of [\"application/json\"]"
      ])
  }
}
