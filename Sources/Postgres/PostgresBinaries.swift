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
    var directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    let majors = ((try? fileManager.contentsOfDirectory(atPath: versioned)) ?? [])
      .compactMap(Int.init).sorted(by: >)
    directories += majors.map { "\(versioned)/\($0)/bin" }
    for directory in directories {
      let initdb = directory + "/initdb"
      let pgCtl = directory + "/pg_ctl"
      if fileManager.isExecutableFile(atPath: initdb), fileManager.isExecutableFile(atPath: pgCtl) {
        return PostgresBinaries(initdb: initdb, pgCtl: pgCtl)
      }
    }
    throw LocalClusterError.binariesMissing
  }
}
