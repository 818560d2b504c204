import Foundation
import Postgres

/// The PostgreSQL server a test process uses: `DATABASE_URL` when it is set (for example the
/// docker-compose service), otherwise a private throwaway cluster started on first use.
///
/// The private cluster is stopped and its directory removed when the process exits, and also
/// when it dies without exiting cleanly: a small watchdog shell waits for the test process to
/// disappear and then stops the server, so a crashed test run never leaves a server behind.
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
    startWatchdog(for: cluster)
    registerStopAtExit(cluster)
    return Server(admin: try cluster.start())
  }

  private static func startWatchdog(for cluster: LocalCluster) {
    let stop =
      geteuid() == 0
      ? "runuser -u postgres -- \"$PG_CTL\" -D \"$DATA\" -m immediate -w stop"
      : "\"$PG_CTL\" -D \"$DATA\" -m immediate -w stop"
    let script = """
      while kill -0 "$WATCHED" 2>/dev/null; do sleep 0.2; done
      if [ -f "$DATA/postmaster.pid" ]; then \(stop); fi
      rm -rf "$DIRECTORY"
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    var environment = ProcessInfo.processInfo.environment
    environment["WATCHED"] = String(getpid())
    environment["DATA"] = cluster.dataDirectory
    environment["DIRECTORY"] = cluster.directory
    environment["PG_CTL"] = (try? pgCtlPath()) ?? "pg_ctl"
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try? process.run()
  }

  private static func pgCtlPath() throws -> String {
    let fileManager = FileManager.default
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let versions = ((try? fileManager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
      .compactMap(Int.init).sorted(by: >).map { "/usr/lib/postgresql/\($0)/bin" }
    for directory in path.split(separator: ":").map(String.init) + versions
    where fileManager.isExecutableFile(atPath: directory + "/pg_ctl") {
      return directory + "/pg_ctl"
    }
    throw LocalClusterError("pg_ctl not found")
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
