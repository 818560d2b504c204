import Postgres

extension Migrator {
  /// The migrations this program carries that the database has not recorded, oldest first;
  /// all of them when it has never been migrated. Reads only: a server's readiness check asks
  /// this, and never migrates behind an operator's back.
  public func pending() throws(AccountStoreError) -> [Migration] {
    do {
      let applied = Set(
        try connection.query("SELECT version FROM schema_migrations").map {
          Int(try $0.decode("version", as: Int32.self))
        })
      return migrations.filter { !applied.contains($0.version) }
    } catch let error as PostgresError where error.sqlState == "42P01" {
      return migrations
    } catch {
      throw AccountStoreError(error)
    }
  }
}
