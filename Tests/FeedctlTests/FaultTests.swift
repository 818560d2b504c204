import AccountFeedTestSupport
import Foundation
import Postgres
import Testing

/// What feedctl does when the database fails under it, seen from outside: sessions ended
/// mid-batch, a server killed, many first uses at once, and pid files that lie.
@Suite("Faults")
struct FaultTests {
  /// Makes inserting an account named `slow` wait in `pg_sleep`, so a batch is reliably
  /// mid-flight when the test ends its session.
  private static let slowInsert = """
    CREATE FUNCTION slow_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.name = 'slow' THEN PERFORM pg_sleep(60); END IF; RETURN NEW; END $$;
    CREATE TRIGGER slow BEFORE INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION slow_insert();
    """

  private static let batch = Data(
    #"""
    [{"op": "account.add", "name": "first", "balance": 1},
     {"op": "account.add", "name": "slow", "balance": 2},
     {"op": "account.add", "name": "last", "balance": 3}]
    """#.utf8)

  /// Runs `feedctl apply` of the slow batch in the background, calls `interrupt` with the pid
  /// of its session once it sleeps, and returns how feedctl ended.
  private func applyInterrupted(
    databaseURL: String, admin: PostgresConnection, _ interrupt: (Int32) throws -> Void
  ) throws -> FeedctlResult {
    let result = Locked<FeedctlResult?>(nil)
    let runner = Thread {
      result.set(
        try? FeedctlProcess.run(
          ["apply", "-", "--owner", "alice"], environment: ["DATABASE_URL": databaseURL],
          input: Self.batch))
    }
    runner.start()
    var session: Int32?
    while session == nil && !result.isSet {
      session = try admin.query(
        "SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()"
      ).first?.decode("pid", as: Int32.self)
      if session == nil { usleep(20_000) }
    }
    try interrupt(try #require(session, "the batch never reached the slow insert"))
    while !result.isSet { usleep(20_000) }
    return try #require(result.value)
  }

  private func expectLostConnection(
    _ result: FeedctlResult, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.code == 3, "\(result.error)", sourceLocation: sourceLocation)
    #expect(result.errorLines.count == 1, sourceLocation: sourceLocation)
    #expect(result.error.contains("lost the connection"), sourceLocation: sourceLocation)
  }

  /// History edited by hand so the program cannot read it back is the database's fault: exit 7,
  /// one line saying the history is damaged, and the write on top of it is not made.
  @Test func aWriteOnDamagedHistoryIsExit7AndChangesNothing() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["owner", "add", "alice"])
      try feedctl.succeed(["account", "add", "--name", "Checking", "--balance", "100"])
      try feedctl.database.connect().executeScript("UPDATE feed_snapshots SET body = 'not json'")
      let before = try feedctl.dump()
      let result = try feedctl.run(["account", "update", "1", "--delta", "5"])
      #expect(result.code == 7, "\(result.error)")
      #expect(result.errorLines.count == 1)
      #expect(result.error.contains("the stored history is damaged"))
      #expect(try feedctl.dump() == before)
    }
  }

  @Test func aSessionTerminatedMidBatchIsExit3LostTheConnection() throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["owner", "add", "alice"])
      let admin = try feedctl.database.connect()
      try admin.executeScript(Self.slowInsert)
      let result = try applyInterrupted(
        databaseURL: feedctl.database.configuration.connectionString, admin: admin
      ) { session in
        _ = try admin.query("SELECT pg_terminate_backend(\(session))")
      }
      expectLostConnection(result)
      // The connection failed, not a change: no change is blamed for it.
      #expect(!result.error.contains("change "))
      #expect(try feedctl.succeed(["account", "list"]).isEmpty)
    }
  }

  @Test func aServerKilledMidBatchIsExit3LostTheConnection() throws {
    let directory = "/tmp/feedctl-killed-\(getpid())-\(UUID().uuidString.prefix(8))"
    let cluster = LocalCluster(directory: directory, durability: .throwaway)
    defer {
      // Starting the killed cluster once more lets PostgreSQL free the shared memory its dead
      // server left behind, which removing the directory alone would leak.
      _ = try? cluster.start()
      try? cluster.stop()
      try? FileManager.default.removeItem(atPath: directory)
    }
    let configuration = try cluster.start()
    let environment = ["DATABASE_URL": configuration.connectionString]
    for arguments in [["migrate"], ["owner", "add", "alice"]] {
      let result = try FeedctlProcess.run(arguments, environment: environment)
      try #require(result.code == 0, "\(result.error)")
    }
    let admin = try PostgresConnection(configuration)
    try admin.executeScript(Self.slowInsert)
    let result = try applyInterrupted(
      databaseURL: configuration.connectionString, admin: admin
    ) { _ in
      let pidFile = try String(
        contentsOfFile: cluster.dataDirectory + "/postmaster.pid", encoding: .utf8)
      let server = try #require(pidFile.split(separator: "\n").first.flatMap { Int32($0) })
      kill(server, SIGKILL)
    }
    expectLostConnection(result)
  }

  @Test func eightFirstDemosAtOnceMakeOneClusterAndOneDemo() throws {
    let directory = "/tmp/feedctl-first-use-\(getpid())-\(UUID().uuidString.prefix(8))"
    let environment = ["FEEDCTL_DATA_DIR": directory]
    defer {
      _ = try? FeedctlProcess.run(["db", "stop"], environment: environment)
      try? FileManager.default.removeItem(atPath: directory)
    }
    // Threads, not a concurrent loop bounded by the cores: all eight start at once.
    let runs = (0..<8).map { _ in Locked<Int32?>(nil) }
    for run in runs {
      Thread { run.set((try? FeedctlProcess.run(["demo"], environment: environment))?.code) }
        .start()
    }
    while !runs.allSatisfy(\.isSet) { usleep(20_000) }
    #expect(runs.map(\.value) == Array(repeating: 0, count: 8))
    let cluster = LocalCluster(directory: directory)
    let sockets = try FileManager.default.contentsOfDirectory(atPath: cluster.socketDirectory)
    #expect(sockets.filter { !$0.hasSuffix(".lock") }.count == 1)
    let port = try #require(try cluster.status())
    let connection = try PostgresConnection(cluster.configuration(port: port))
    func count(_ table: String) throws -> Int64 {
      try connection.query(
        PostgresQuery(unsafeSQL: "SELECT count(*) AS n FROM \(table) WHERE owner_id = 'demo'")
      ).single().decode("n", as: Int64.self)
    }
    #expect(try count("accounts") == 3)
    #expect(try count("notices") == 1)
    #expect(
      try connection.query("SELECT count(*) AS n FROM owners").single().decode("n", as: Int64.self)
        == 1)
  }

  @Test func aKilledEmbeddedServerIsStartedAgain() throws {
    let directory = "/tmp/feedctl-restart-\(getpid())-\(UUID().uuidString.prefix(8))"
    let environment = ["FEEDCTL_DATA_DIR": directory]
    defer {
      _ = try? FeedctlProcess.run(["db", "stop"], environment: environment)
      try? FileManager.default.removeItem(atPath: directory)
    }
    try #require(try FeedctlProcess.run(["demo"], environment: environment).code == 0)
    let pidFile = try String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8)
    let server = try #require(pidFile.split(separator: "\n").first.flatMap { Int32($0) })
    kill(server, SIGKILL)
    while kill(server, 0) == 0 { usleep(10_000) }
    let status = try FeedctlProcess.run(["db", "status"], environment: environment)
    #expect(status.output.hasPrefix("not running"))
    let demo = try FeedctlProcess.run(["demo"], environment: environment)
    #expect(demo.code == 0, "\(demo.error)")
    #expect(demo.output.contains("116,848원"))
  }

  @Test func aPidFileNamingAnotherProcessNeverLeadsToASignal() throws {
    let directory = "/tmp/feedctl-stale-\(getpid())-\(UUID().uuidString.prefix(8))"
    let environment = ["FEEDCTL_DATA_DIR": directory]
    defer {
      _ = try? FeedctlProcess.run(["db", "stop"], environment: environment)
      try? FileManager.default.removeItem(atPath: directory)
    }
    try #require(try FeedctlProcess.run(["db", "start"], environment: environment).code == 0)
    try #require(try FeedctlProcess.run(["db", "stop"], environment: environment).code == 0)
    // A process of the user the server runs as: the one `pg_ctl` alone would signal.
    let bystander = Process()
    bystander.executableURL = URL(
      fileURLWithPath: geteuid() == 0 ? "/usr/bin/setpriv" : "/bin/sleep")
    bystander.arguments =
      (geteuid() == 0
        ? ["--reuid=postgres", "--regid=postgres", "--clear-groups", "/bin/sleep"] : [])
      + ["600"]
    try bystander.run()
    defer {
      kill(bystander.processIdentifier, SIGKILL)
      bystander.waitUntilExit()
    }
    while bystander.isRunning
      && (try? String(contentsOfFile: "/proc/\(bystander.processIdentifier)/comm", encoding: .utf8))
        != "sleep\n"
    {
      usleep(10_000)
    }
    try #require(bystander.isRunning, "the bystander process did not start")
    let pidFile = directory + "/data/postmaster.pid"
    try
      "\(bystander.processIdentifier)\n\(directory)/data\n1700000000\n5432\n\(directory)/run\n\n\nready\n"
      .write(toFile: pidFile, atomically: false, encoding: .utf8)
    let status = try FeedctlProcess.run(["db", "status"], environment: environment)
    #expect(status.output.hasPrefix("not running"))
    let stop = try FeedctlProcess.run(["db", "stop"], environment: environment)
    #expect(stop.code == 0)
    let demo = try FeedctlProcess.run(["demo"], environment: environment)
    #expect(demo.code == 0, "\(demo.error)")
    #expect(bystander.isRunning)
  }
}
