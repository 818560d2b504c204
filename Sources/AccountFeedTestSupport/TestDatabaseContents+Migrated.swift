import AccountStore
import PostgresTestSupport

extension TestDatabase.Contents {
  /// Every bundled migration, applied by the store's own migrator as `feedctl migrate` applies
  /// them: where every test that is not about migrating starts. The migrations run once per test
  /// process, into a template each test's database is copied from.
  public static let migrated = copy(
    of: TemplateDatabase("migrated") { connection in
      try AccountStore(connection: connection).migrate()
    })
}
