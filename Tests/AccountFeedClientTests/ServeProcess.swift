import AccountFeedTestSupport
import Foundation

/// `feedctl serve` as a child process on loopback, stopped with SIGTERM and started again on the
/// same port, the way an operator restarts it under phones that stay connected.
final class ServeProcess: @unchecked Sendable {
  let databaseURL: String
  private(set) var port = 0
  private var process: Process?
  /// The request log of every run, one line per request.
  let requests = LineLog()

  init(databaseURL: String) throws {
    self.databaseURL = databaseURL
    try start()
  }

  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// Starts the server (on the port of the previous run, if any) and waits until it listens.
  func start() throws {
    let process = Process()
    process.executableURL = try FeedctlProcess.executable()
    process.arguments = ["serve", "--listen", "127.0.0.1:\(port)"]
    process.environment = FeedctlRunner.environment(databaseURL: databaseURL)
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    self.process = process
    requests.drain(output.fileHandleForReading)
    let log = LineLog()
    log.drain(error.fileHandleForReading)
    var found: Int?
    _ = eventually(30) {
      let text = log.text
      found = text.range(of: "listening on http://127.0.0.1:").flatMap { range in
        Int(text[range.upperBound...].prefix { $0.isNumber })
      }
      return found != nil || !process.isRunning
    }
    guard let found else {
      stop()
      throw FixtureError("feedctl serve did not start: \(log.text)")
    }
    port = found
  }

  /// Stops the server with SIGTERM (SIGKILL after 15 seconds) and waits for it.
  func stop() {
    guard let process, process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    if !eventually(15, { !process.isRunning }) {
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
  }

  deinit {
    stop()
  }
}
