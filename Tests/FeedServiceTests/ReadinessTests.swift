import AccountStore
import FeedService
import Postgres
import PostgresTestSupport
import Testing

/// Ready means the database answers and carries every migration this program does.
@Suite struct ReadinessTests {
  @Test func aMigratedDatabaseWithoutAReplicaIsReadyAndSaysNothingMore() throws {
    try withService { service, _ in
      let readiness = try service.checkReady()
      #expect(readiness.fields.isEmpty)
      #expect(readiness.replicaFailure == nil)
    }
  }

  @Test func aDatabaseNeverMigratedIsNotReadyAndIsLeftAlone() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let service = FeedService { AccountStore(connection: connection) }
      let error = #expect(throws: FeedServiceError.self) { try service.checkReady() }
      guard let error, error.kind == .unavailable else {
        Issue.record("not unavailable: \(String(describing: error))")
        return
      }
      #expect(
        error.message.hasPrefix("the database lacks migration 001_owners_accounts_notices.sql and ")
      )
      #expect(try connection.dumpOfEveryTable() == [])
    }
  }

  @Test func aDatabaseMissingTheNewestMigrationIsNotReady() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try Migrator(connection: connection, migrations: Array(Migration.bundled.dropLast()))
        .migrate()
      let service = FeedService { AccountStore(connection: connection) }
      #expect(
        throws: FeedServiceError.unavailable(
          "the database lacks migration \(Migration.bundled.last!.name); run 'feedctl migrate'")
      ) { try service.checkReady() }
    }
  }
}
