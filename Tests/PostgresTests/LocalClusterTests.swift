import Foundation
import Testing

@testable import Postgres

@Suite struct LocalClusterTests {
  private func withClusterDirectory(_ body: (LocalCluster) throws -> Void) throws {
    let directory = "/tmp/accountfeed-cluster-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    let cluster = LocalCluster(directory: directory, durability: .throwaway)
    defer {
      try? cluster.stop()
      try? FileManager.default.removeItem(atPath: directory)
    }
    try body(cluster)
  }

  @Test func startedClusterAcceptsConnectionsAndStartingAgainReusesIt() throws {
    try withClusterDirectory { cluster in
      let first = try cluster.start()
      let port = try #require(try cluster.status())
      let second = try cluster.start()
      #expect(second == first)
      #expect(try cluster.status() == port)
      let connection = try PostgresConnection(first)
      let locale = try connection.query("SHOW lc_collate").single().decode(at: 0, as: String.self)
      #expect(locale == "C.UTF-8")
    }
  }

  @Test func stoppedClusterReportsNoPortAndRefusesConnections() throws {
    try withClusterDirectory { cluster in
      let configuration = try cluster.start()
      try cluster.stop()
      #expect(try cluster.status() == nil)
      #expect(throws: PostgresError.self) { try PostgresConnection(configuration) }
    }
  }

  @Test func clusterRestartsWithItsDataKept() throws {
    try withClusterDirectory { cluster in
      try PostgresConnection(try cluster.start()).executeScript("CREATE TABLE kept (v int)")
      try cluster.stop()
      let connection = try PostgresConnection(try cluster.start())
      #expect(
        try connection.query("SELECT count(*) AS n FROM kept").single().decode("n", as: Int64.self)
          == 0)
    }
  }

  @Test func aServerThatWillNotStartIsExplainedByItsLogInOneLine() throws {
    try withClusterDirectory { cluster in
      try cluster.start()
      try cluster.stop()
      try ClusterDirectory.append(
        "port = abc\n", toFile: cluster.dataDirectory + "/postgresql.conf")
      let error = try #require(throws: LocalClusterError.self) { try cluster.start() }
      #expect(error.description.hasPrefix("the server did not start: FATAL: configuration file"))
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func missingServerProgramsNameThePackageToInstall() throws {
    let error = try #require(throws: LocalClusterError.self) {
      try PostgresBinaries.locate(environment: ["PATH": "/nonexistent"], versioned: "/nonexistent")
    }
    #expect(error.description.contains("apt-get install postgresql"))
  }

  @Test func aProgramIsFoundWhereTheServerProgramsAre() throws {
    let binaries = try PostgresBinaries.locate()
    #expect(LocalCluster.program(named: "initdb") == binaries.initdb)
    #expect(LocalCluster.program(named: "no-such-postgres-program") == nil)
  }

  @Test func freePortIsAPortNobodyListensOn() throws {
    let port = try LocalCluster.freePort()
    #expect((1024...65535).contains(port))
  }
}
