import Foundation
import PostgresTestSupport
import Testing

@testable import Postgres

@Suite struct ConnectionTests {
  @Test func closedPortFailsWithinTheConnectTimeoutAndHidesThePassword() throws {
    let configuration = PostgresConfiguration(
      "postgresql://feed:s3cret-pa55@127.0.0.1:1/feed", connectTimeout: 2)
    let started = ContinuousClock.now
    let error = try #require(throws: PostgresError.self) { try PostgresConnection(configuration) }
    #expect(ContinuousClock.now - started < .seconds(10))
    #expect(error.kind == .connection)
    #expect(!error.description.contains("s3cret-pa55"))
    #expect(error.description.contains("feed@127.0.0.1:1/feed"))
  }

  @Test func malformedConnectionStringIsAConfigurationError() throws {
    let error = try #require(throws: PostgresError.self) {
      try PostgresConnection(PostgresConfiguration("host=x nonsense_keyword=1"))
    }
    #expect(error.kind == .configuration)
    #expect(error.description.contains("invalid connection option"))
  }

  @Test func invalidOptionValueIsAConfigurationErrorNotAnUnreachableServer() throws {
    let error = try #require(throws: PostgresError.self) {
      try PostgresConnection(PostgresConfiguration("host=/tmp port=abc"))
    }
    #expect(error.kind == .configuration)
  }

  @Test func aFiveSecondConnectTimeoutIsSentUnlessTheStringSetsOne() {
    let parameters = PostgresConfiguration("host=/tmp dbname=feed").connectParameters()
    let timeout = parameters.first { $0.0 == "connect_timeout" }?.1
    // With PGCONNECT_TIMEOUT set, libpq's own reading of it wins and no default is sent.
    let fromEnvironment = ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"] != nil
    #expect(timeout == (fromEnvironment ? nil : "5"))
    // libpq lets keywords expanded from the string override the ones before it.
    #expect(parameters.last?.0 == "dbname")
  }

  @Test func redactedDescriptionOmitsThePassword() {
    let configuration = PostgresConfiguration("postgres://alice:hunter2@db.example:6543/feed")
    #expect(configuration.redactedDescription == "alice@db.example:6543/feed")
  }

  @Test func replacingTheDatabaseKeepsServerAndUser() throws {
    let configuration = try PostgresConfiguration("postgres://alice:pw@db.example:6543/feed")
      .replacingDatabase("other")
    #expect(configuration.redactedDescription == "alice@db.example:6543/other")
  }

  @Test func unixSocketURLFormConnects() throws {
    try TestDatabase.with(.empty) { database in
      let settings = try database.configuration.settings()
      let host = try #require(settings["host"])
      guard host.hasPrefix("/") else { return }  // DATABASE_URL points at a TCP server
      let encoded = host.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
      let url =
        "postgresql://\(settings["user"] ?? "postgres")@\(encoded):\(settings["port"] ?? "5432")/\(database.name)"
      let connection = try PostgresConnection(PostgresConfiguration(url))
      #expect(
        try connection.query("SELECT current_database() AS db").single().decode(
          "db", as: String.self) == database.name)
    }
  }

  @Test func oneConnectionServesManyThreadsOneStatementAtATime() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try connection.executeScript("CREATE TABLE t (v int8)")
      DispatchQueue.concurrentPerform(iterations: 16) { value in
        _ = try? connection.execute("INSERT INTO t VALUES (\(Int64(value)))")
      }
      let sum = try connection.query("SELECT sum(v)::int8 AS s FROM t").single().decode(
        "s", as: Int64.self)
      #expect(sum == (0..<16).reduce(0, +))
    }
  }
}
