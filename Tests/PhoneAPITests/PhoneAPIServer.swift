import AccountStore
import FeedService
import HTTPServer
import PhoneAPI
import Postgres

/// The phone API of `service` without live events on a free loopback port for the length of
/// `body`, every answer held to the contract (`ContractCheck`), stopped afterwards: for the
/// routes that need no seeded database, or a database that is not there.
func withPhoneAPI<Result>(service: FeedService, _ body: (Int) throws -> Result) throws -> Result {
  let metrics = ServerMetrics()
  let server = HTTPServer(
    router: PhoneAPI(service: service, events: nil).router(metrics: metrics), metrics: metrics)
  let port = try server.start(try ListenAddress("127.0.0.1:0")).port
  ContractCheck.watch(port)
  defer {
    ContractCheck.unwatch(port)
    server.stop()
  }
  return try body(port)
}

/// `withPhoneAPI` on a database that cannot be reached: a socket path that does not exist, given
/// up on within a second.
func withPhoneAPIOnUnreachableDatabase<Result>(_ body: (Int) throws -> Result) throws -> Result {
  let configuration = PostgresConfiguration(
    "host=/nonexistent-accountfeed-socket port=1 dbname=none connect_timeout=1")
  return try withPhoneAPI(service: FeedService { try AccountStore(configuration) }, body)
}
