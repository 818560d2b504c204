import AccountFeedTestSupport
import AccountStore
import FeedService
import Foundation
import HTTPServer
import PhoneAPI
import Postgres
import PostgresTestSupport

/// The phone API on a fresh, migrated database: two owners (`demo` with seed 000's rows and
/// `carol` with one account and one notice), a token for each, and the server's port.
struct PhoneFixture {
  let service: FeedService
  let database: TestDatabase
  let server: HTTPServer
  let port: Int
  let demoToken: String
  let carolToken: String
  let demoNotice: Int64
  let carolNotice: Int64

  func auth(_ token: String) -> [String: String] {
    ["Authorization": "Bearer \(token)"]
  }

  /// `GET path` as demo.
  func get(_ path: String, token: String? = nil, headers: [String: String] = [:]) throws
    -> TestResponse
  {
    try httpRequest(
      port: port, "GET", path,
      headers: auth(token ?? demoToken).merging(headers) { _, new in new })
  }

  /// `POST /v1/actions` with a JSON body.
  func act(_ body: String, token: String? = nil, contentType: String = "application/json")
    throws -> TestResponse
  {
    try httpRequest(
      port: port, "POST", "/v1/actions",
      headers: auth(token ?? demoToken).merging(["Content-Type": contentType]) { _, new in new },
      body: Data(body.utf8))
  }

  static func with<Result>(
    limits: HTTPLimits = HTTPLimits(), streamsPerOwner: Int = 64,
    _ body: (PhoneFixture) throws -> Result
  ) throws -> Result {
    try TestDatabase.with(.migrated) { database in
      let configuration = database.configuration
      let service = FeedService(pool: ConnectionPoolOptions(connections: 4)) {
        try AccountStore(configuration)
      }
      let (_, demoNotice) = try seedTwoOwners(service)
      let demo = try service.createToken(owner: "demo", label: "phone", in: .anyOwner)
      let carol = try service.createToken(owner: "carol", label: "phone", in: .anyOwner)
      let events = try FeedEvents(service: service)
      defer { events.stop() }
      let metrics = ServerMetrics()
      let server = HTTPServer(
        router: PhoneAPI(service: service, events: events, streamsPerOwner: streamsPerOwner).router(
          metrics: metrics), limits: limits,
        metrics: metrics)
      let bound = try server.start(try ListenAddress("127.0.0.1:0"))
      ContractCheck.watch(bound.port)
      defer {
        ContractCheck.unwatch(bound.port)
        server.stop()
      }
      return try body(
        PhoneFixture(
          service: service, database: database, server: server, port: bound.port,
          demoToken: demo.secret, carolToken: carol.secret,
          demoNotice: demoNotice,
          carolNotice: try service.feedRows(owner: "carol").notices[0].id))
    }
  }
}
