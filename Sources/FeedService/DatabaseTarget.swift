import AccountStore
import Postgres

/// Which database the service talks to, decided from a connection string and the environment
/// in libpq's order of precedence: a given URL (`--database-url`, then `DATABASE_URL`), then any
/// `PG*` variable (libpq reads them itself), and only when none is set, the embedded database.
public enum DatabaseTarget: Sendable {
  case configured(String)
  case embedded(EmbeddedDatabase)

  /// The `PG*` variables libpq reads for a connection; any one of them means "configured".
  static let libpqVariables = [
    "PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER", "PGPASSWORD", "PGPASSFILE",
    "PGSERVICE", "PGSERVICEFILE", "PGSSLMODE", "PGOPTIONS", "PGAPPNAME", "PGCONNECT_TIMEOUT",
  ]

  public init(databaseURL: String?, environment: [String: String]) {
    if let url = databaseURL, !url.isEmpty {
      self = .configured(url)
    } else if Self.libpqVariables.contains(where: { !(environment[$0] ?? "").isEmpty }) {
      self = .configured("")
    } else {
      self = .embedded(EmbeddedDatabase(environment: environment))
    }
  }

  /// A store on a new connection to the target; the embedded database is started and migrated
  /// first.
  func openStore() throws -> AccountStore {
    switch self {
    case .configured(let connectionString):
      try AccountStore(PostgresConfiguration(connectionString))
    case .embedded(let embedded):
      try AccountStore.migrated(try embedded.start())
    }
  }
}
