import Foundation

/// The server programs a private cluster needs, found on `PATH` or in Debian's versioned
/// `/usr/lib/postgresql/<major>/bin` (where the `postgresql` package puts them, off `PATH`).
struct PostgresBinaries: Sendable {
  var initdb: String
  var pgCtl: String

  static func locate(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    versioned: String = "/usr/lib/postgresql"
  ) throws -> PostgresBinaries {
    let fileManager = FileManager.default
    for directory in directories(environment: environment, versioned: versioned) {
      let initdb = directory + "/initdb"
      let pgCtl = directory + "/pg_ctl"
      if fileManager.isExecutableFile(atPath: initdb), fileManager.isExecutableFile(atPath: pgCtl) {
        return PostgresBinaries(initdb: initdb, pgCtl: pgCtl)
      }
    }
    throw LocalClusterError.binariesMissing
  }

  /// Where PostgreSQL's programs are looked for, in order: `PATH`, then Debian's versioned
  /// directories, newest major version first.
  static func directories(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    versioned: String = "/usr/lib/postgresql"
  ) -> [String] {
    let majors = ((try? FileManager.default.contentsOfDirectory(atPath: versioned)) ?? [])
      .compactMap(Int.init).sorted(by: >)
    return (environment["PATH"] ?? "").split(separator: ":").map(String.init)
      + majors.map { "\(versioned)/\($0)/bin" }
  }
}

extension LocalCluster {
  /// The installed PostgreSQL program `name` (`psql`, `pgbench`, …), found where the cluster
  /// finds `initdb`; nil when there is none. For tools that run the client programs too.
  public static func program(named name: String) -> String? {
    PostgresBinaries.directories().map { $0 + "/" + name }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
