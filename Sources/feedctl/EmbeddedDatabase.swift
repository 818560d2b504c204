import Foundation
import Postgres

/// The private PostgreSQL feedctl uses when no database is configured.
///
/// Its directory is `$FEEDCTL_DATA_DIR` when set; otherwise `/var/lib/accountfeed` for root
/// (the server then runs as the `postgres` user, who cannot enter `/root`), else
/// `$XDG_STATE_HOME/accountfeed`, else `~/.local/state/accountfeed`. The cluster is created on
/// first use, started when needed and left running for the next command; `feedctl db stop`
/// stops it.
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
    Self.keepDescriptorsFromTheServer()
    return try cluster.start()
  }

  /// Marks every descriptor above standard error close-on-exec. The server started here lives
  /// on after feedctl exits; without this it would inherit whatever descriptors feedctl's own
  /// parent passed down (a pipe or socket a calling program watches to see feedctl finish) and
  /// keep them open, so that program would wait for feedctl forever.
  private static func keepDescriptorsFromTheServer() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
      return
    }
    for descriptor in names.compactMap(Int32.init) where descriptor > 2 {
      let flags = fcntl(descriptor, F_GETFD)
      if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }
  }
}
