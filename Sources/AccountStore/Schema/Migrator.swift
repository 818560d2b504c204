import Postgres

/// Applies migrations and remembers them in `schema_migrations`, with a checksum per file.
///
/// Each migration runs in its own transaction together with its bookkeeping row, so a failed
/// migration leaves no trace. A file that changed after it was applied is refused by name: the
/// database no longer matches what the file says, and silently skipping it would hide that.
/// An advisory lock keeps two programs from migrating the same database at once.
public struct Migrator {
  public let connection: PostgresConnection
  public let migrations: [Migration]

  public init(connection: PostgresConnection, migrations: [Migration] = Migration.bundled) {
    self.connection = connection
    self.migrations = migrations.sorted { $0.version < $1.version }
  }

  /// An arbitrary constant naming this project's migration lock.
  private static let lockKey: Int64 = 0x4163_6346_6565_6421

  /// Applies every migration not applied yet; returns those it applied (empty when up to date).
  @discardableResult
  public func migrate() throws(AccountStoreError) -> [Migration] {
    do {
      try connection.transaction { tx in
        _ = try tx.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))")
        try tx.executeScript(
          """
          CREATE TABLE IF NOT EXISTS schema_migrations (
            version integer PRIMARY KEY,
            name text NOT NULL,
            checksum text NOT NULL,
            applied_at timestamptz NOT NULL DEFAULT now()
          )
          """)
      }
      let known = Set(migrations.map(\.version))
      let applied = try connection.query(
        "SELECT version, name FROM schema_migrations ORDER BY version")
      for row in applied where !known.contains(try row.decode("version", as: Int32.self).asInt) {
        let name: String = try row.decode("name")
        throw AccountStoreError.migration(
          "the database has migration \(name), which this program does not carry; use a newer feedctl"
        )
      }
      var ran: [Migration] = []
      for migration in migrations where try apply(migration) {
        ran.append(migration)
      }
      return ran
    } catch {
      throw AccountStoreError(error)
    }
  }

  /// Runs one migration unless it is recorded already; returns whether it ran.
  private func apply(_ migration: Migration) throws -> Bool {
    try connection.transaction { tx in
      _ = try tx.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))")
      let checksum = try tx.query(
        "SELECT encode(sha256(convert_to(\(migration.sql), 'UTF8')), 'hex') AS checksum"
      ).single().decode("checksum", as: String.self)
      let version = Int32(migration.version)
      if let recorded = try tx.query(
        "SELECT checksum FROM schema_migrations WHERE version = \(version)"
      ).first {
        guard try recorded.decode("checksum", as: String.self) == checksum else {
          throw AccountStoreError.migration(
            "SQL/\(migration.name) was changed after it was applied to this database; "
              + "restore the applied version and put the change in a new numbered file")
        }
        return false
      }
      try tx.executeScript(migration.sql)
      try tx.execute(
        "INSERT INTO schema_migrations (version, name, checksum) VALUES (\(version), \(migration.name), \(checksum))"
      )
      return true
    }
  }
}

extension Int32 {
  fileprivate var asInt: Int { Int(self) }
}
