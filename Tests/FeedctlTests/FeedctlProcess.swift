import AccountFeedTestSupport
import Foundation
import Postgres
import PostgresTestSupport
import Testing

/// What one run of the built `feedctl` binary produced.
struct FeedctlResult {
  let code: Int32
  let output: String
  let error: String

  /// The lines of standard error, without the final newline.
  var errorLines: [String] {
    error.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}

/// Runs the real `feedctl` executable as a child process, the way a person or a script would.
///
/// The child gets a controlled environment: none of the caller's `DATABASE_URL` or `PG*`
/// variables leak in, colour is off and the width is fixed, so each test says exactly which
/// database the child uses.
enum FeedctlProcess {
  /// The binary built next to the test bundle (`.build/debug/feedctl`).
  static func executable() throws -> URL {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL,
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ].map { $0.appendingPathComponent("feedctl") }
    let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return try #require(
      found, "the feedctl binary was not found next to the tests; run 'swift build' first")
  }

  static let baseEnvironment: [String: String] = {
    var environment = ["NO_COLOR": "1", "COLUMNS": "40", "LANG": "C.UTF-8"]
    for name in ["PATH", "HOME", "TMPDIR"] {
      environment[name] = ProcessInfo.processInfo.environment[name]
    }
    return environment
  }()

  /// Runs `feedctl arguments` with `environment` added to the base environment and the
  /// variables in `unset` taken out of it.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], unset: [String] = [],
    input: Data? = nil
  ) throws -> FeedctlResult {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    process.environment = baseEnvironment.merging(environment) { _, new in new }.filter {
      !unset.contains($0.key)
    }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    // Standard input is a file, not a pipe: writing a large input can then never wait on a child
    // that is itself waiting for us to drain its output, and a child that exits early cannot
    // send the test process SIGPIPE.
    let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "feedctl-input-\(UUID().uuidString)")
    try (input ?? Data()).write(to: inputFile)
    defer { try? FileManager.default.removeItem(at: inputFile) }
    let standardInput = try FileHandle(forReadingFrom: inputFile)
    defer { try? standardInput.close() }
    process.standardInput = standardInput
    try process.run()
    return collect(process, output: output, error: error)
  }

  /// Reads a started process's standard output and error to the end before waiting for it, so a
  /// large output cannot fill a pipe and stall, and returns what it printed and how it exited.
  static func collect(_ process: Process, output: Pipe, error: Pipe) -> FeedctlResult {
    let errorData = Locked(Data())
    let errorReader = Thread {
      errorData.set(error.fileHandleForReading.readDataToEndOfFile())
    }
    errorReader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { usleep(1000) }
    return FeedctlResult(
      code: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData.value, as: UTF8.self))
  }
}

/// A value written once by another thread.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  private var written = false

  init(_ value: Value) {
    stored = value
  }

  func set(_ value: Value) {
    lock.withLock {
      stored = value
      written = true
    }
  }

  var isSet: Bool { lock.withLock { written } }
  var value: Value { lock.withLock { stored } }
}

/// A test database plus a shortcut to run `feedctl` against it.
struct FeedctlDatabase {
  let database: TestDatabase

  var environment: [String: String] {
    ["DATABASE_URL": database.configuration.connectionString]
  }

  /// Runs feedctl against this database, as `owner` unless that is nil.
  func run(
    _ arguments: [String], owner: String? = "alice", environment extra: [String: String] = [:],
    unset: [String] = [], input: Data? = nil
  ) throws -> FeedctlResult {
    var environment = environment
    if let owner { environment["FEEDCTL_OWNER"] = owner }
    return try FeedctlProcess.run(
      arguments, environment: environment.merging(extra) { _, new in new }, unset: unset,
      input: input)
  }

  /// Runs a command that must succeed, and returns its standard output.
  @discardableResult
  func succeed(
    _ arguments: [String], owner: String? = "alice", environment extra: [String: String] = [:],
    input: Data? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let result = try run(arguments, owner: owner, environment: extra, input: input)
    #expect(
      result.code == 0, "feedctl \(arguments.joined(separator: " ")) failed: \(result.error)",
      sourceLocation: sourceLocation)
    return result.output
  }

  /// A fresh, migrated database for the length of `body` (`feedctl migrate` itself is tested
  /// on an empty one).
  static func with<T>(_ body: (FeedctlDatabase) throws -> T) throws -> T {
    try TestDatabase.with(.migrated) { database in
      try body(FeedctlDatabase(database: database))
    }
  }

  /// Every row of every table (the catalogue lists them, so none is forgotten), in a fixed
  /// order, as text: two equal dumps mean the data is the same. (Identity sequences are left out:
  /// PostgreSQL never rolls them back.)
  func dump() throws -> String {
    try database.connect().dumpOfEveryTable().joined(separator: "\n")
  }
}
