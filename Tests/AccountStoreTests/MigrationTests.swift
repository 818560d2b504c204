import AccountModel
import AccountStore
import Postgres
import PostgresTestSupport
import Testing

@Suite struct MigrationTests {
  @Test func freshDatabaseGetsEveryBundledMigration() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let applied = try Migrator(connection: connection).migrate()
      #expect(
        applied.map(\.name) == [
          "001_owners_accounts_notices.sql", "002_feed_snapshots.sql", "003_currencies.sql",
          "004_placements.sql", "005_snapshot_storage.sql", "006_tokens_and_notify.sql",
          "007_token_notify.sql", "008_feed_heads.sql", "009_cheaper_checks.sql",
          "010_head_chunks_uncompressed.sql", "011_head_items_by_key.sql", "012_chunk_digests.sql",
          "013_checkpoint_nodes.sql", "014_outside_writes_drop_heads.sql",
          "015_idempotency_keys.sql", "016_head_chunks_from_items.sql",
        ])
      let recorded = try connection.query("SELECT name FROM schema_migrations ORDER BY version")
        .map { try $0.decode("name", as: String.self) }
      #expect(recorded == applied.map(\.name))
    }
  }

  @Test func migratingAgainIsANoOp() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try Migrator(connection: connection).migrate()
      #expect(try Migrator(connection: connection).migrate().isEmpty)
    }
  }

  @Test func aChangedAppliedFileIsRefusedByName() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      try Migrator(connection: connection).migrate()
      var tampered = Migration.bundled
      tampered[1].sql += "\nALTER TABLE feed_snapshots ADD COLUMN extra int;"
      let error = try #require(throws: AccountStoreError.self) {
        try Migrator(connection: connection, migrations: tampered).migrate()
      }
      #expect(
        error.description.contains("SQL/002_feed_snapshots.sql was changed after it was applied"))
      let columns = try connection.query(
        "SELECT count(*) AS n FROM information_schema.columns WHERE column_name = 'extra'")
      #expect(try columns.single().decode("n", as: Int64.self) == 0)
    }
  }

  @Test func aFailingMigrationLeavesNoTrace() throws {
    try TestDatabase.with(.empty) { database in
      let connection = try database.connect()
      let broken =
        Migration.bundled + [
          Migration(
            version: 99, name: "099_broken.sql", sql: "CREATE TABLE half (id int); SELECT 1/0;")
        ]
      #expect(throws: AccountStoreError.self) {
        try Migrator(connection: connection, migrations: broken).migrate()
      }
      let tables = try connection.query(
        "SELECT count(*) AS n FROM pg_tables WHERE tablename = 'half'")
      #expect(try tables.single().decode("n", as: Int64.self) == 0)
      #expect(try Migrator(connection: connection).migrate().isEmpty)
    }
  }

  @Test func bundledMigrationsAreNumberedInOrderWithoutGaps() {
    #expect(Migration.bundled.map(\.version) == Array(1...Migration.bundled.count))
  }
}
