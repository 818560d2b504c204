import AccountFeedTestSupport
import Foundation
import Postgres
import Testing

/// Standard output that goes away or fills up: a reader that stops early (`| head -1`) is a
/// quiet success; a full disk is an error with exit code 74.
///
/// The child runs under `env --default-signal=PIPE`, so `SIGPIPE` would kill it as it kills a
/// program started from a shell, whatever the test runner does with the signal itself.
@Suite("Output")
struct OutputTests {
  /// What one run produced, and whether the child exited or was killed by a signal.
  private struct Outcome {
    let reason: Process.TerminationReason
    let result: FeedctlResult
  }

  /// The line a full standard output leaves on standard error.
  private static let fullDiskError =
    "feedctl: error: cannot write to standard output: No space left on device\n"

  /// Runs `executable arguments` with standard output on `standardOutput` (or a pipe that is read).
  private func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:],
    standardOutput: FileHandle? = nil
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = FeedctlProcess.baseEnvironment.merging(environment) { _, new in new }
    process.standardInput = FileHandle.nullDevice
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = standardOutput ?? output
    process.standardError = error
    try process.run()
    let outputData =
      standardOutput == nil ? output.fileHandleForReading.readDataToEndOfFile() : Data()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      reason: process.terminationReason,
      result: FeedctlResult(
        code: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
        error: String(decoding: errorData, as: UTF8.self)))
  }

  /// `feedctl arguments` with `SIGPIPE` at its default action.
  private func feedctl(
    _ arguments: [String], environment: [String: String] = [:], standardOutput: FileHandle? = nil
  ) throws -> Outcome {
    try run(
      "/usr/bin/env", ["--default-signal=PIPE", try FeedctlProcess.executable().path] + arguments,
      environment: environment, standardOutput: standardOutput)
  }

  /// A database whose `demo` owner has 1,500 snapshots, so `log` prints about 130 KB: more than
  /// a pipe holds, so a reader that stops after one line makes later writes fail.
  private func withLongLog(_ body: ([String: String]) throws -> Void) throws {
    try FeedctlDatabase.with { feedctl in
      try feedctl.succeed(["demo"], owner: nil)
      try feedctl.database.connect().executeScript(
        """
        INSERT INTO feed_snapshots (owner_id, sequence, reason, digest, body,
          added, changed, removed, moved)
        SELECT owner_id, n, 'snapshot', digest, body, 0, 0, 0, 0
        FROM feed_snapshots, generate_series(2, 1500) AS n
        WHERE owner_id = 'demo' AND sequence = 1
        """)
      try body(feedctl.environment.merging(["FEEDCTL_OWNER": "demo"]) { _, new in new })
    }
  }

  /// `set -o pipefail` makes the pipeline's status feedctl's own when feedctl fails.
  @Test func logIntoHeadExitsZero() throws {
    try withLongLog { environment in
      let outcome = try run(
        "/bin/bash",
        ["-c", #"set -o pipefail; env --default-signal=PIPE "$FEEDCTL" log | head -n 1"#],
        environment: environment.merging(["FEEDCTL": try FeedctlProcess.executable().path]) {
          _, new in new
        })
      #expect(outcome.result.code == 0, "\(outcome.result.error)")
      #expect(outcome.result.output.hasPrefix("1500  "))
      #expect(outcome.result.output.split(separator: "\n").count == 1)
      #expect(outcome.result.error.isEmpty)
    }
  }

  @Test func outputIntoAPipeNoOneReadsEndsQuietlyWithZero() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    close(ends[0])
    let writeEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    let outcome = try feedctl(["apply", "--help"], standardOutput: writeEnd)
    #expect(outcome.reason == .exit)
    #expect(outcome.result.code == 0)
    #expect(outcome.result.error.isEmpty)
  }

  @Test func helpIntoAFullDiskIsAnErrorWithCode74() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let outcome = try feedctl(["apply", "--help"], standardOutput: full)
    #expect(outcome.result.code == 74)
    #expect(outcome.result.error == Self.fullDiskError)
  }

  @Test func aCommandsOutputIntoAFullDiskIsAnErrorWithCode74() throws {
    try withLongLog { environment in
      let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
      let outcome = try feedctl(["log"], environment: environment, standardOutput: full)
      #expect(outcome.result.code == 74)
      #expect(outcome.result.error == Self.fullDiskError)
    }
  }
}
