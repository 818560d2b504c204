import AccountFeedTestSupport
import AccountStore
import FeedService
import Postgres
import PostgresTestSupport

/// The setting of the live-change suites: a service on a fresh database with two seeded owners,
/// the `FeedEvents` listener that wakes subscribers and keeps the served-feed cache true, and a
/// separate connection that plays psql — a program writing around the service.
enum ListeningDatabase {
  static func with<Result>(
    retryDelay: Duration = .milliseconds(100),
    _ body: (FeedService, FeedEvents, PostgresConnection) throws -> Result
  ) throws -> Result {
    try TestDatabase.with(.migrated) { database in
      let outsider = try database.connect()
      let service = FeedService(pool: ConnectionPoolOptions(connections: 2)) {
        AccountStore(connection: try database.connect())
      }
      try seedTwoOwners(service)
      let events = try FeedEvents(service: service, retryDelay: retryDelay)
      defer { events.stop() }
      return try body(service, events, outsider)
    }
  }

  /// What psql would do: rename the owner's first account behind the service's back.
  static func renameFirstAccount(
    of owner: String, to name: String, on connection: PostgresConnection
  ) throws {
    try connection.execute(
      "UPDATE accounts SET name = \(name) WHERE id = (SELECT min(id) FROM accounts WHERE owner_id = \(owner))"
    )
  }
}
