import Foundation
import Testing

/// The built `feedctl` (and `feedphone`) next to the tests, run with a controlled environment.
enum FeedctlRunner {
  static func executable(_ name: String) throws -> URL {
    let found = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    .map { $0.appendingPathComponent(name) }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    return try #require(found, "\(name) was not found next to the tests; run 'swift build' first")
  }

  static func environment(databaseURL: String) -> [String: String] {
    var environment = ["DATABASE_URL": databaseURL, "NO_COLOR": "1", "LANG": "C.UTF-8"]
    for name in ["PATH", "HOME", "TMPDIR"] {
      environment[name] = ProcessInfo.processInfo.environment[name]
    }
    return environment
  }

  /// Runs `feedctl arguments` to the end and returns its standard output; a failure throws.
  @discardableResult
  static func run(_ arguments: [String], databaseURL: String) throws -> String {
    let process = Process()
    process.executableURL = try executable("feedctl")
    process.arguments = arguments
    process.environment = environment(databaseURL: databaseURL)
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errorText = LineLog()
    errorText.drain(error.fileHandleForReading)
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw FixtureError("feedctl \(arguments.joined(separator: " ")): \(errorText.text)")
    }
    return String(decoding: printed, as: UTF8.self)
  }
}

/// A fixture step that failed, in one line.
struct FixtureError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
