import AccountStore
import Foundation
import Postgres

/// The private PostgreSQL feedctl uses when no database is configured.
///
/// Its directory is `$FEEDCTL_DATA_DIR` when set; otherwise `/var/lib/accountfeed` for root
/// (the server then runs as the `postgres` user, who cannot enter `/root`), else
/// `$XDG_STATE_HOME/accountfeed`, else `~/.local/state/accountfeed`. The cluster is created on
/// first use, started when needed and left running for the next command; `stop()` stops it.
/// The directory must be new, empty or the cluster's own: one holding other files is refused
/// (`FeedServiceError.Kind.embedded`), never taken over — see `LocalCluster`.
public struct EmbeddedDatabase: Sendable {
  private let cluster: LocalCluster

  public init(environment: [String: String]) {
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

  /// Where the cluster keeps its files.
  public var directory: String { cluster.directory }

  /// The directory of the server's unix socket.
  public var socketDirectory: String { cluster.socketDirectory }

  /// Starts the cluster unless it runs already, and returns how to reach it.
  func start() throws -> PostgresConfiguration {
    try cluster.start()
  }

  /// How to reach the cluster while it runs; never starts it. A stopped cluster is
  /// `FeedServiceError.unreachable`, saying how to start it.
  func running() throws -> PostgresConfiguration {
    guard let port = try cluster.status() else {
      throw FeedServiceError(
        .unreachable,
        "the embedded database at \(directory) is stopped; start it with 'feedctl db start'")
    }
    return cluster.configuration(port: port)
  }

  /// Starts the cluster unless it runs already and brings its schema up to date, as every
  /// command that uses it does on first use.
  public func startMigrated() throws {
    _ = try AccountStore.migrated(try start())
  }

  /// The port the server listens on, or nil when it is not running.
  public func status() throws -> Int? {
    try cluster.status()
  }

  /// Stops the server; the data stays.
  public func stop() throws {
    try cluster.stop()
  }
}
