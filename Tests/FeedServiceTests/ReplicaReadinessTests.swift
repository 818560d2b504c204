import AccountStore
import FeedService
import Postgres
import PostgresTestSupport
import Testing

/// `/readyz` answers anyone, so what it says of a read replica is a fixed vocabulary: where reads
/// go, the lag in bytes, and one of `ReplicaStatus.Problem`'s sentences — never the replica's
/// user, host, socket path, port or PostgreSQL's text, which stay in `replicaFailure` for the
/// server's log.
@Suite("Readiness with a read replica")
struct ReplicaReadinessTests {
  /// Where the service's "replica" is.
  enum Replica {
    /// A socket no server listens on, with a port, user and database named.
    case unreachable
    /// The primary's server, naming a database it does not have.
    case missingDatabase
    /// The primary itself, which is not in recovery.
    case primary

    func configuration(beside database: TestDatabase) throws -> PostgresConfiguration {
      switch self {
      case .unreachable:
        PostgresConfiguration(
          "host=\(ReplicaReadinessTests.socket) port=6543 user=replica_reader dbname=replica_db")
      case .missingDatabase:
        try database.configuration.replacingDatabase("no_such_replica_database")
      case .primary:
        database.configuration
      }
    }
  }

  static let socket = "/nonexistent-accountfeed-replica-socket"

  /// The service on a migrated primary, reading from `replica`.
  private static func withReplica<Result>(
    _ replica: Replica, _ body: (FeedService) throws -> Result
  ) throws -> Result {
    try TestDatabase.with(.migrated) { database in
      let primary = database.configuration
      let secondary = try replica.configuration(beside: database)
      return try body(
        FeedService(
          store: { try AccountStore(primary) }, replicaStore: { try AccountStore(secondary) }))
    }
  }

  /// Every field is one of the fixed vocabulary's, and none quotes any of `internals`.
  private static func expectFixedVocabulary(_ fields: [String: String], quoting internals: [String])
  {
    #expect(Set(fields.keys).isSubset(of: ["reads", "replica_lag_bytes", "replica"]))
    #expect(["replica", "primary"].contains(fields["reads"]))
    if let problem = fields["replica"] {
      #expect(ReplicaStatus.Problem(rawValue: problem) != nil, "\(problem)")
    }
    if let lag = fields["replica_lag_bytes"] {
      #expect(!lag.isEmpty && lag.allSatisfy(\.isASCII) && lag.allSatisfy(\.isNumber))
    }
    for value in fields.values {
      for detail in internals { #expect(!value.contains(detail), "\(value) quotes \(detail)") }
    }
  }

  @Test("a replica that cannot be reached is named in fixed words, its socket and user only logged")
  func unreachable() throws {
    try Self.withReplica(.unreachable) { service in
      let readiness = try service.checkReady()
      #expect(readiness.fields["reads"] == "primary")
      #expect(readiness.fields["replica"] == ReplicaStatus.Problem.unreachable.rawValue)
      Self.expectFixedVocabulary(
        readiness.fields, quoting: [Self.socket, "6543", "replica_reader", "replica_db"])
      #expect(readiness.replicaFailure?.message.contains(Self.socket) == true)
    }
  }

  @Test("a replica PostgreSQL refuses is named in fixed words, never in PostgreSQL's")
  func refusedByPostgreSQL() throws {
    try Self.withReplica(.missingDatabase) { service in
      let readiness = try service.checkReady()
      #expect(readiness.fields["reads"] == "primary")
      #expect(readiness.fields["replica"] != nil)
      Self.expectFixedVocabulary(
        readiness.fields, quoting: ["no_such_replica_database", "does not exist", "FATAL"])
      #expect(readiness.replicaFailure?.message.contains("no_such_replica_database") == true)
    }
  }

  @Test("a replica that is a primary is named in fixed words")
  func notInRecovery() throws {
    try Self.withReplica(.primary) { service in
      let readiness = try service.checkReady()
      #expect(readiness.fields["reads"] == "primary")
      #expect(readiness.fields["replica"] == ReplicaStatus.Problem.notReplica.rawValue)
      Self.expectFixedVocabulary(readiness.fields, quoting: [])
    }
  }
}
