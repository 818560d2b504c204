import Foundation

/// Runs the real `feedctl` executable as a child process, the way a person or a script would.
///
/// The child gets a controlled environment: none of the caller's `DATABASE_URL` or `PG*`
/// variables leak in, colour is off and the width is fixed, so each test says exactly which
/// database the child uses.
public enum FeedctlProcess {
  /// The binary `name` built next to the test bundle (`.build/debug/feedctl`, or another of
  /// the package's executables such as `feedphone`).
  public static func executable(named name: String = "feedctl") throws -> URL {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL,
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ].map { $0.appendingPathComponent(name) }
    let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    guard let found else { throw FeedctlNotBuilt(name: name) }
    return found
  }

  public static let baseEnvironment: [String: String] = {
    var environment = ["NO_COLOR": "1", "COLUMNS": "40", "LANG": "C.UTF-8"]
    for name in ["PATH", "HOME", "TMPDIR"] {
      environment[name] = ProcessInfo.processInfo.environment[name]
    }
    return environment
  }()

  /// Runs `feedctl arguments` with `environment` added to the base environment and the
  /// variables in `unset` taken out of it.
  public static func run(
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
  public static func collect(_ process: Process, output: Pipe, error: Pipe) -> FeedctlResult {
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
