import Foundation
import Postgres

/// The PostgreSQL server a test process uses: `DATABASE_URL` when it is set (for example the
/// docker-compose service), otherwise a private throwaway cluster started on first use.
///
/// The private cluster is stopped and its directory removed when the process exits, and also
/// when it dies without exiting cleanly (`LocalCluster.removeWhenProcessEnds`), so a crashed
/// test run never leaves a server behind.
enum TestServer {
  struct Server: Sendable {
    var admin: PostgresConfiguration
  }

  static let shared: Result<Server, any Error> = Result { try start() }

  private static func start() throws -> Server {
    if let url = ProcessInfo.processInfo.environment["DATABASE_URL"], !url.isEmpty {
      return Server(admin: PostgresConfiguration(url))
    }
    let directory = "/tmp/accountfeed-tests-\(getpid())-\(UUID().uuidString.prefix(8))"
    let cluster = LocalCluster(directory: directory, durability: .throwaway)
    try cluster.removeWhenProcessEnds(getpid())
    registerStopAtExit(cluster)
    return Server(admin: try cluster.start())
  }

  nonisolated(unsafe) private static var clusterToStop: LocalCluster?

  private static func registerStopAtExit(_ cluster: LocalCluster) {
    clusterToStop = cluster
    atexit {
      guard let cluster = TestServer.clusterToStop else { return }
      try? cluster.stop()
      try? FileManager.default.removeItem(atPath: cluster.directory)
    }
  }
}
