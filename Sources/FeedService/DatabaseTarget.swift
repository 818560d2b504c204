import AccountStore
import Postgres

/// Which database the service talks to, decided from a connection string and the environment
/// in libpq's order of precedence: a given URL (`--database-url`, then `DATABASE_URL`), then any
/// `PG*` variable (libpq reads them itself), and only when none is set, the embedded database.
public enum DatabaseTarget: Sendable {
  case configured(String)
  /// The embedded database, started (and migrated) whenever a connection is opened.
  case embedded(EmbeddedDatabase)
  /// The embedded database as a long-running server uses it once it started it: connections go
  /// to the cluster while it runs, and a cluster an operator stopped (`feedctl db stop`) stays
  /// stopped — the service reports the database as unreachable until someone starts it.
  case attached(EmbeddedDatabase)

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
    case .attached(let embedded):
      try AccountStore(try embedded.running())
    }
  }

  /// The target a server keeps for its whole run: the embedded database is started and
  /// migrated now, once, and from then on only connected to (`attached`), so the server never
  /// starts again a database an operator stopped. Other targets are kept as they are.
  public func startedForServing() throws -> DatabaseTarget {
    guard case .embedded(let embedded) = self else { return self }
    try embedded.startMigrated()
    return .attached(embedded)
  }
}
