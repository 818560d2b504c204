import AccountFeedTestSupport
import FeedComponents
import Foundation
import Testing

/// Reaching the database: the embedded default, and a database that is down.
@Suite("Database connection")
struct DatabaseConnectionTests {
  @Test func aDownDatabaseExitsThreeQuicklyWithoutThePassword() throws {
    let started = Date()
    let result = try FeedctlProcess.run(
      ["show", "--owner", "demo"],
      environment: ["DATABASE_URL": "postgresql://feed:hunter2secret@127.0.0.1:1/feed"])
    #expect(result.code == 3)
    #expect(result.errorLines.count == 1)
    #expect(result.error.hasPrefix("feedctl: error: "))
    #expect(!result.error.contains("hunter2secret"))
    #expect(!result.output.contains("hunter2secret"))
    // Not a speed measurement: a bound far above the 5-second connect timeout, there only to
    // catch a client that waits for the operating system's much longer TCP timeout instead.
    #expect(Date().timeIntervalSince(started) < 20)
  }

  @Test func aKeywordStringPasswordIsNotShownEither() throws {
    let result = try FeedctlProcess.run(
      ["owner", "list", "--database-url", "host=127.0.0.1 port=1 password=hunter2secret dbname=x"])
    #expect(result.code == 3)
    #expect(!result.error.contains("hunter2secret"))
  }

  @Test func embeddedDatabaseStartsOnceServesDemoAndStops() throws {
    let directory = "/tmp/feedctl-embedded-\(getpid())-\(UUID().uuidString.prefix(8))"
    let environment = ["FEEDCTL_DATA_DIR": directory]
    defer {
      _ = try? FeedctlProcess.run(["db", "stop"], environment: environment)
      try? FileManager.default.removeItem(atPath: directory)
    }
    let demo = try FeedctlProcess.run(["demo"], environment: environment)
    #expect(demo.code == 0, "\(demo.error)")
    #expect(demo.output.contains("116,848원"))
    let status = try FeedctlProcess.run(["db", "status"], environment: environment)
    #expect(status.output.hasPrefix("running in \(directory)"))
    let again = try FeedctlProcess.run(["demo"], environment: environment)
    #expect(again.output == demo.output)
    // The same server on the same port served the second demo: it was reused, not restarted.
    let statusAfter = try FeedctlProcess.run(["db", "status"], environment: environment)
    #expect(statusAfter.output == status.output)
    let log = try FeedctlProcess.run(["log", "--owner", "demo"], environment: environment)
    #expect(log.output.split(separator: "\n").count == 1)
    let stop = try FeedctlProcess.run(["db", "stop"], environment: environment)
    #expect(stop.code == 0)
    let stopped = try FeedctlProcess.run(["db", "status"], environment: environment)
    #expect(stopped.output.hasPrefix("not running"))
  }

  @Test func dbStartThenStatusReportsItRunning() throws {
    let directory = "/tmp/feedctl-dbstart-\(getpid())-\(UUID().uuidString.prefix(8))"
    let environment = ["FEEDCTL_DATA_DIR": directory]
    defer {
      _ = try? FeedctlProcess.run(["db", "stop"], environment: environment)
      try? FileManager.default.removeItem(atPath: directory)
    }
    let start = try FeedctlProcess.run(["db", "start"], environment: environment)
    #expect(start.code == 0, "\(start.error)")
    let status = try FeedctlProcess.run(["db", "status"], environment: environment)
    #expect(status.code == 0)
    #expect(status.output.hasPrefix("running in \(directory) on port "))
  }

  @Test func dbCommandsReportTheirStateAsJSON() throws {
    let directory = "/tmp/feedctl-dbjson-\(getpid())-\(UUID().uuidString.prefix(8))"
    let environment = ["FEEDCTL_DATA_DIR": directory]
    defer {
      _ = try? FeedctlProcess.run(["db", "stop"], environment: environment)
      try? FileManager.default.removeItem(atPath: directory)
    }
    func state(_ arguments: [String]) throws -> JSONValue {
      let result = try FeedctlProcess.run(
        arguments + ["--format", "json"], environment: environment)
      #expect(result.code == 0, "\(result.error)")
      return try JSONParser.parse(Array(result.output.utf8))
    }
    let started = try state(["db", "start"])
    #expect(started["running"] == .bool(true))
    #expect(started["directory"] == .string(directory))
    #expect(try state(["db", "status"])["port"] == started["port"])
    let stopped = try state(["db", "stop"])
    #expect(stopped["running"] == .bool(false))
    #expect(stopped["was_running"] == .bool(true))
  }
}
