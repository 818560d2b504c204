import FeedComponents
import Foundation
import Postgres

/// The private PostgreSQL feedctl uses when no database is configured.
///
/// Its directory is `$FEEDCTL_DATA_DIR` when set; otherwise `/var/lib/accountfeed` for root
/// (the server then runs as the `postgres` user, who cannot enter `/root`), else
/// `$XDG_STATE_HOME/accountfeed`, else `~/.local/state/accountfeed`. The cluster is created on
/// first use, started when needed and left running for the next command; `feedctl db stop`
/// stops it. The directory must be new, empty or the cluster's own: one holding other files is
/// refused (exit 8), never taken over — see `LocalCluster`.
struct EmbeddedDatabase {
  let cluster: LocalCluster

  init(environment: [String: String]) {
    cluster = LocalCluster(directory: Self.directory(environment: environment))
  }

  static func directory(environment: [String: String]) -> String {
    if let directory = environment["FEEDCTL_DATA_DIR"], !directory.isEmpty {
      return directory
    }
    if geteuid() == 0 {
      return "/var/lib/accountfeed"
    }
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state + "/accountfeed"
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return home + "/.local/state/accountfeed"
  }

  /// Starts the cluster unless it runs already, and returns how to reach it.
  func start() throws -> PostgresConfiguration {
    try cluster.start()
  }

  /// The state `db start|stop|status --format json` print.
  func statusJSON(port: Int?) -> JSONValue {
    [
      "running": .bool(port != nil), "directory": .string(cluster.directory),
      "port": port.map { .integer($0) } ?? .null, "socket": .string(cluster.socketDirectory),
    ]
  }
}
