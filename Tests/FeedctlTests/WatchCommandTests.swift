import AccountFeedTestSupport
import FeedComponents
import FeedWire
import Foundation
import Postgres
import PostgresTestSupport
import Testing

/// `feedctl watch`, run as the real binary: it prints what other programs write, for its owner
/// only, and stops cleanly on SIGINT or SIGTERM.
@Suite("Watch command") struct WatchCommandTests {
  /// A feedctl process left running, whose output is read as it comes.
  final class Running: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var output = Data()
    private var error = Data()
    private var readers: [Thread] = []

    init(_ arguments: [String], environment: [String: String]) throws {
      process.executableURL = try FeedctlProcess.executable()
      process.arguments = arguments
      process.environment = FeedctlProcess.baseEnvironment.merging(environment) { _, new in new }
      let outputPipe = Pipe()
      let errorPipe = Pipe()
      process.standardOutput = outputPipe
      process.standardError = errorPipe
      process.standardInput = FileHandle.nullDevice
      try process.run()
      readers = [(outputPipe, true), (errorPipe, false)].map { pipe, isOutput in
        let reader = Thread { [self] in
          while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { return }
            lock.withLock {
              if isOutput { output.append(chunk) } else { error.append(chunk) }
            }
          }
        }
        reader.start()
        return reader
      }
    }

    var standardOutput: String { lock.withLock { String(decoding: output, as: UTF8.self) } }
    var standardError: String { lock.withLock { String(decoding: error, as: UTF8.self) } }

    /// Whether `condition` held within `seconds`.
    func waitFor(_ seconds: Double = 15, _ condition: (Running) -> Bool) -> Bool {
      let deadline = Date(timeIntervalSinceNow: seconds)
      while Date() < deadline {
        if condition(self) { return true }
        usleep(20_000)
      }
      return condition(self)
    }

    /// Sends `signal` and returns the exit status once the process has ended.
    /// Sends `signal` and returns the exit status; a process still running 20 s later is
    /// killed and reported as `-1`, so a lost signal fails the test instead of hanging the run.
    func stop(with signal: Int32) -> Int32 {
      kill(process.processIdentifier, signal)
      let deadline = Date().addingTimeInterval(20)
      while process.isRunning, Date() < deadline { usleep(20_000) }
      guard !process.isRunning else {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return -1
      }
      return process.terminationStatus
    }

    deinit {
      if process.isRunning { process.terminate() }
    }
  }

  static func watching(
    _ feedctl: FeedctlDatabase, owner: String, format: String = "text"
  ) throws -> Running {
    let running = try Running(
      ["watch", "--format", format],
      environment: feedctl.environment.merging(["FEEDCTL_OWNER": owner]) { _, new in new })
    #expect(running.waitFor { $0.standardError.contains("watching the feed of owner") })
    return running
  }

  static func seeded(_ feedctl: FeedctlDatabase) throws -> PostgresConnection {
    try feedctl.succeed(["demo"], owner: nil)
    try feedctl.succeed(["owner", "add", "carol"], owner: nil)
    return try feedctl.database.connect()
  }

  @Test func aWriteByAnotherProgramIsPrintedAsAPlan() throws {
    try FeedctlDatabase.with { feedctl in
      let outsider = try Self.seeded(feedctl)
      let watch = try Self.watching(feedctl, owner: "demo")
      try outsider.execute("UPDATE accounts SET name = 'psql wrote this' WHERE id = 1")
      #expect(watch.waitFor { $0.standardOutput.contains("psql wrote this") })
      #expect(watch.stop(with: SIGINT) == 0)
    }
  }

  @Test func aWriteByPsqlIsPrinted() throws {
    try FeedctlDatabase.with { feedctl in
      _ = try Self.seeded(feedctl)
      let watch = try Self.watching(feedctl, owner: "demo")
      let psql = Process()
      psql.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      psql.arguments = [
        "psql", feedctl.database.configuration.connectionString, "--no-psqlrc", "-v",
        "ON_ERROR_STOP=1", "-c", "UPDATE notices SET message = 'psql says hello' WHERE id = 1",
      ]
      psql.environment = FeedctlProcess.baseEnvironment
      psql.standardOutput = FileHandle.nullDevice
      try psql.run()
      psql.waitUntilExit()
      #expect(psql.terminationStatus == 0)
      #expect(watch.waitFor { $0.standardOutput.contains("psql says hello") })
      #expect(watch.stop(with: SIGINT) == 0)
    }
  }

  @Test func jsonLinesAreChangesetsFromTheFeedShownToTheNewOne() throws {
    try FeedctlDatabase.with { feedctl in
      let outsider = try Self.seeded(feedctl)
      let before = try JSONParser.parse(
        Array(try feedctl.succeed(["show", "--format", "json"], owner: "demo").utf8))
      let watch = try Self.watching(feedctl, owner: "demo", format: "json")
      try outsider.execute("UPDATE accounts SET balance_minor = 1 WHERE id = 1")
      #expect(watch.waitFor { $0.standardOutput.hasSuffix("\n") })
      #expect(watch.stop(with: SIGTERM) == 0)
      let lines = watch.standardOutput.split(separator: "\n")
      #expect(lines.count == 1)
      let changeset = try WireChangeset(data: Data(try #require(lines.first).utf8))
      let after = try JSONParser.parse(
        Array(try feedctl.succeed(["show", "--format", "json"], owner: "demo").utf8))
      #expect(changeset.base == before["digest"]?.stringValue)
      #expect(changeset.target == after["digest"]?.stringValue)
    }
  }

  @Test func anotherOwnersWriteIsNotPrinted() throws {
    try FeedctlDatabase.with { feedctl in
      let outsider = try Self.seeded(feedctl)
      let watch = try Self.watching(feedctl, owner: "carol", format: "json")
      try outsider.execute("UPDATE accounts SET name = 'demo only' WHERE id = 1")
      try outsider.execute(
        "INSERT INTO notices (owner_id, message) VALUES ('carol', 'for carol')")
      #expect(watch.waitFor { $0.standardOutput.hasSuffix("\n") })
      #expect(watch.stop(with: SIGINT) == 0)
      let lines = watch.standardOutput.split(separator: "\n")
      #expect(lines.count == 1)
      #expect(try WireChangeset(data: Data(try #require(lines.first).utf8)).owner == "carol")
    }
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func aSignalStopsItWithExitCodeZero(_ signal: Int32) throws {
    try FeedctlDatabase.with { feedctl in
      _ = try Self.seeded(feedctl)
      let watch = try Self.watching(feedctl, owner: "demo")
      #expect(watch.stop(with: signal) == 0)
      #expect(watch.standardOutput == "")
    }
  }

  @Test func watchingNeedsAnOwner() throws {
    try FeedctlDatabase.with { feedctl in
      let result = try feedctl.run(["watch"], owner: nil)
      #expect(result.code == 2)
      #expect(
        result.error == "feedctl: error: no owner given; pass --owner ID or set FEEDCTL_OWNER\n")
    }
  }
}
