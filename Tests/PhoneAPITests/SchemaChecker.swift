import Foundation
import Synchronization

/// One `scripts/validate-json.py --lines` process for the whole test run, asked about each body
/// the tests see: a Python start costs a fraction of a second, a body checked by the running
/// process about a millisecond, so checking every response barely slows the suite.
final class SchemaChecker: Sendable {
  static let shared = SchemaChecker()

  private struct Running {
    var process: Process
    var input: FileHandle
    var output: FileHandle
    var pending: [UInt8] = []
  }

  private let running = Mutex<Running?>(nil)

  /// Where and why `body` breaks the schema at `pointer` in the contract; nil when it is valid.
  func problem(with body: Data, against pointer: String) throws -> String? {
    let request = try JSONSerialization.data(
      withJSONObject: ["schema": pointer, "body": String(decoding: body, as: UTF8.self)])
    return try running.withLock { running in
      if running == nil { running = try Self.start() }
      try running!.input.write(contentsOf: request + Data("\n".utf8))
      let answer = try Self.readLine(&running!)
      return answer == "ok" ? nil : answer
    }
  }

  private static func start() throws -> Running {
    let process = Process()
    process.executableURL = PhoneContract.repository.appendingPathComponent(
      ".build/python/bin/python")
    process.arguments = [
      PhoneContract.repository.appendingPathComponent("scripts/validate-json.py").path, "--lines",
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw SchemaCheckerError.cannotStart("\(error); run 'scripts/setup test' first")
    }
    return Running(
      process: process, input: input.fileHandleForWriting, output: output.fileHandleForReading)
  }

  private static func readLine(_ running: inout Running) throws -> String {
    while true {
      if let end = running.pending.firstIndex(of: 0x0A) {
        defer { running.pending.removeSubrange(...end) }
        return String(decoding: running.pending[..<end], as: UTF8.self)
      }
      // `availableData` returns what the pipe holds once it holds anything; `read(upToCount:)`
      // would wait for the count or the end.
      let chunk = running.output.availableData
      guard !chunk.isEmpty else {
        throw SchemaCheckerError.cannotStart("validate-json.py --lines stopped answering")
      }
      running.pending += chunk
    }
  }
}

enum SchemaCheckerError: Error, CustomStringConvertible {
  case cannotStart(String)

  var description: String {
    switch self {
    case .cannotStart(let reason): "the schema checker cannot run: \(reason)"
    }
  }
}
