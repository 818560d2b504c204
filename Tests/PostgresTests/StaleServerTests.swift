import Foundation
import Testing

@testable import Postgres

/// A server that died, or a pid file naming some other process, never leads the cluster to
/// signal that process; the cluster is started again instead.
@Suite struct StaleServerTests {
  /// A durable cluster: a throwaway one may lose its last commits when killed, by design.
  private func withCluster(_ body: (LocalCluster) throws -> Void) throws {
    let directory = "/tmp/accountfeed-stale-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    let cluster = LocalCluster(directory: directory, durability: .durable)
    defer {
      try? cluster.stop()
      try? FileManager.default.removeItem(atPath: directory)
    }
    try body(cluster)
  }

  /// A process that is not PostgreSQL, run as the user the server runs as — the one `pg_ctl`
  /// could signal — and ended when `body` returns.
  private func withBystander(_ body: (Process) throws -> Void) throws {
    let process = Process()
    if geteuid() == 0 {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments = [
        "--reuid=postgres", "--regid=postgres", "--clear-groups", "/bin/sleep", "600",
      ]
    } else {
      process.executableURL = URL(fileURLWithPath: "/bin/sleep")
      process.arguments = ["600"]
    }
    try process.run()
    defer {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    // setpriv replaces itself with sleep; wait until it has, so the pid names the bystander.
    while process.isRunning
      && (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/comm", encoding: .utf8))
        != "sleep\n"
    {
      usleep(10_000)
    }
    try #require(process.isRunning, "the bystander process did not start")
    try body(process)
  }

  private func writePidFile(_ cluster: LocalCluster, pid: Int32, port: Int) throws {
    let lines = [
      String(pid), cluster.dataDirectory, "1700000000", String(port), cluster.socketDirectory,
      "", "  1234567     12345", "ready   ",
    ]
    try ClusterDirectory.write(
      lines.joined(separator: "\n") + "\n", to: cluster.dataDirectory + "/postmaster.pid")
  }

  @Test func aPidFileNamingAnotherProcessIsNeitherTrustedNorSignalled() throws {
    try withCluster { cluster in
      let port = try #require(
        try cluster.start().connectionString.split(separator: " ").first {
          $0.hasPrefix("port=")
        }
      ).dropFirst(5)
      try cluster.stop()
      try withBystander { bystander in
        try writePidFile(cluster, pid: bystander.processIdentifier, port: Int(port)!)
        #expect(try cluster.status() == nil)
        try cluster.stop()
        let configuration = try cluster.start()
        #expect(try PostgresConnection(configuration).serverVersion > 0)
        #expect(bystander.isRunning)
      }
    }
  }

  @Test func aKilledServerIsStartedAgainWithItsData() throws {
    try withCluster { cluster in
      try PostgresConnection(try cluster.start()).executeScript("CREATE TABLE kept (v int)")
      let server = try #require(PostmasterProcess.running(in: cluster.dataDirectory))
      kill(server.pid, SIGKILL)
      while kill(server.pid, 0) == 0 { usleep(10_000) }
      #expect(try cluster.status() == nil)
      let connection = try PostgresConnection(try cluster.start())
      #expect(
        try connection.query("SELECT count(*) AS n FROM kept").single().decode("n", as: Int64.self)
          == 0)
    }
  }
}
