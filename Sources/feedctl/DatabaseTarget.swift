import Foundation

/// Which database a command talks to, decided from the options and the environment in libpq's
/// order of precedence: `--database-url`, then `DATABASE_URL` (both arrive as
/// `GlobalOptions.databaseURL`), then any `PG*` variable (libpq reads them itself), and only
/// when none is set, the embedded database.
enum DatabaseTarget {
  case configured(String)
  case embedded(EmbeddedDatabase)

  /// The `PG*` variables libpq reads for a connection; any one of them means "configured".
  static let libpqVariables = [
    "PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER", "PGPASSWORD", "PGPASSFILE",
    "PGSERVICE", "PGSERVICEFILE", "PGSSLMODE", "PGOPTIONS", "PGAPPNAME", "PGCONNECT_TIMEOUT",
  ]

  init(global: GlobalOptions, environment: [String: String]) {
    if let url = global.databaseURL, !url.isEmpty {
      self = .configured(url)
    } else if Self.libpqVariables.contains(where: { !(environment[$0] ?? "").isEmpty }) {
      self = .configured("")
    } else {
      self = .embedded(EmbeddedDatabase(environment: environment))
    }
  }
}
