import AccountFeedTestSupport
import AccountStore
import FeedService
import Postgres
import PostgresTestSupport
import Testing

/// What a served read asks of the database once the owner's feed is recorded: one statement,
/// prepared once per connection — what pgbench's read of the same rows costs — with the same
/// bytes as a feed assembled from the owner's rows.
@Suite struct ServedReadTests {
  /// A service on a fresh database with the two owners, on one pooled connection, and no
  /// listener (so every read goes to the database); `body` gets that connection too.
  private static func withService(
    _ body: (FeedService, PostgresConnection) throws -> Void
  ) throws {
    try TestDatabase.with(.migrated) { database in
      let configuration = database.configuration
      let service = FeedService { try AccountStore(configuration) }
      _ = try seedTwoOwners(service)
      try body(service, try service.store().connection)
    }
  }

  /// The number of the connection's current transaction: each statement run on its own is a
  /// transaction of its own (and so is preparing a statement, the first time the connection
  /// runs it), so the difference between two is what ran in between, plus one.
  private static func transactionNumber(_ connection: PostgresConnection) throws -> Int64 {
    try connection.query(
      """
      SELECT split_part(virtualtransaction, '/', 2)::int8 AS number FROM pg_locks
      WHERE pid = pg_backend_pid() AND locktype = 'virtualxid'
      """
    ).single().decode("number", as: Int64.self)
  }

  /// How many transactions `body` runs on `connection`.
  private static func transactions(
    on connection: PostgresConnection, _ body: () throws -> Void
  ) throws -> Int64 {
    let before = try transactionNumber(connection)
    try body()
    return try transactionNumber(connection) - before - 1
  }

  @Test func aReadOfARecordedFeedIsOneStatement() throws {
    try Self.withService { service, connection in
      _ = try service.servedFeed(in: .owner("carol"))
      let count = try Self.transactions(on: connection) {
        _ = try service.servedFeed(in: .owner("carol"))
      }
      #expect(count == 1)
    }
  }

  @Test func aTokenLookupIsOneStatement() throws {
    try Self.withService { service, connection in
      let token = try service.createToken(owner: "carol", label: nil, in: .anyOwner)
      _ = try service.authenticate(bearer: token.secret)
      let count = try Self.transactions(on: connection) {
        _ = try service.authenticate(bearer: token.secret)
      }
      #expect(count == 1)
    }
  }

  @Test func theReadIsPreparedOncePerConnection() throws {
    try Self.withService { service, connection in
      for owner in ["carol", "demo", "carol"] { _ = try service.servedFeed(in: .owner(owner)) }
      let prepared = try connection.query(
        "SELECT count(*) AS n FROM pg_prepared_statements WHERE statement LIKE '%latest_digest%' AND statement NOT LIKE '%pg_prepared%'"
      ).single().decode("n", as: Int64.self)
      #expect(prepared == 1)
    }
  }

  @Test func theServedBytesAreTheLiveDocumentsEncoding() throws {
    try Self.withService { service, _ in
      for owner in ["carol", "demo"] {
        _ = try service.servedFeed(in: .owner(owner))
        let served = try service.servedFeed(in: .owner(owner))
        #expect(served.json == (try service.liveDocument(owner: owner).encoded()))
      }
    }
  }
}
