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
    let chunks = errorChunks
    let handle = error.fileHandleForReading
    Thread.detachNewThread {
      while true {
        let data = handle.availableData
        if data.isEmpty { return }
        chunks.append(String(decoding: data, as: UTF8.self))
      }
    }
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
  }

  /// Sends `signal`, waits for the exit, and returns the exit code, standard output and
  /// standard error.
  func stop(_ signal: Int32 = SIGTERM) -> (code: Int32, output: String, error: String) {
    kill(process.processIdentifier, signal)
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    _ = eventually(within: 2) { errorText.contains("stopped") }
    return (process.terminationStatus, String(decoding: printed, as: UTF8.self), errorText)
  }

  deinit {
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
