import AccountFeedTestSupport
import Foundation

/// The real `feedctl serve` as a child process on a free port: started, asked, and stopped
/// with a signal, the way an operator runs it.
final class ServeProcess {
  let process = Process()
  let port: Int
  private let output = Pipe()
  private let error = Pipe()
  private let errorChunks = LogLines()
  private let outputChunks = LogLines()
  /// Left when standard output reaches its end.
  private let outputRead = DispatchGroup()
  private var errorText: String { errorChunks.all.joined() }

  /// Starts `feedctl serve --listen 127.0.0.1:0 arguments` against `databaseURL` and waits for
  /// the line that says where it listens.
  init(databaseURL: String, arguments: [String] = []) throws {
    process.executableURL = try FeedctlProcess.executable()
    process.arguments = ["serve", "--listen", "127.0.0.1:0"] + arguments
    process.environment = FeedctlProcess.baseEnvironment.merging(["DATABASE_URL": databaseURL]) {
      _, new in new
    }
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Both pipes are read as the server writes them: a pipe nobody reads fills up (64 KiB, a
    // thousand request log lines) and the server's next write to it blocks its request.
    Self.drain(error.fileHandleForReading, into: errorChunks)
    outputRead.enter()
    Self.drain(output.fileHandleForReading, into: outputChunks, then: outputRead.leave)
    let chunks = errorChunks
    var found: Int?
    let deadline = Date().addingTimeInterval(30)
    while found == nil, Date() < deadline, process.isRunning {
      let text = chunks.all.joined()
      found = text.range(of: "listening on http://127.0.0.1:").flatMap { range in
        Int(text[range.upperBound...].prefix { $0.isNumber })
      }
      usleep(10_000)
    }
    guard let found else {
      process.terminate()
      throw ServeProcessError.didNotStart(chunks.all.joined())
    }
    port = found
    ContractCheck.watch(found)
  }

  /// Sends `signal`, waits for the exit, and returns the exit code, standard output and
  /// standard error.
  func stop(_ signal: Int32 = SIGTERM) -> (code: Int32, output: String, error: String) {
    ContractCheck.unwatch(port)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    _ = outputRead.wait(timeout: .now() + 5)
    _ = eventually(within: 2) { errorText.contains("stopped") }
    return (process.terminationStatus, outputChunks.all.joined(), errorText)
  }

  /// Appends what `handle` delivers to `chunks` on a thread of its own until its end, then
  /// calls `finished`.
  private static func drain(
    _ handle: FileHandle, into chunks: LogLines, then finished: @escaping @Sendable () -> Void = {}
  ) {
    Thread.detachNewThread {
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        chunks.append(String(decoding: data, as: UTF8.self))
      }
      finished()
    }
  }

  deinit {
    ContractCheck.unwatch(port)
    if process.isRunning { process.terminate() }
  }
}

enum ServeProcessError: Error, CustomStringConvertible {
  case didNotStart(String)

  var description: String {
    switch self {
    case .didNotStart(let error): "feedctl serve did not start: \(error)"
    }
  }
}
