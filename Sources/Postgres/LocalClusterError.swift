/// Why a private PostgreSQL cluster could not be set up or started.
public struct LocalClusterError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }

  static let binariesMissing = LocalClusterError(
    "PostgreSQL server programs (initdb, pg_ctl) were not found on PATH or in "
      + "/usr/lib/postgresql/*/bin; install them with 'apt-get install postgresql' "
      + "or set DATABASE_URL to an existing server"
  )
}
