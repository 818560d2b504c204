import AccountFeedTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the real `feedctl` with its standard output on a pseudo-terminal, the way a person at a
/// terminal runs it, so what it decides from `isatty` and the terminal's size is what a person
/// gets. Standard error stays a pipe.
enum PseudoTerminal {
  /// Runs `feedctl arguments` on a terminal `columns` wide, with the environment built as
  /// `FeedctlProcess.run` builds it.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], unset: [String] = [],
    columns: UInt16 = 80
  ) throws -> FeedctlResult {
    var controller: Int32 = -1
    var terminal: Int32 = -1
    var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    try #require(openpty(&controller, &terminal, nil, nil, &size) == 0, "openpty: errno \(errno)")
    defer { close(controller) }
    // Not inherited by children other tests start meanwhile: the terminal must close when ours
    // exits, or reading would never end.
    _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
    _ = fcntl(terminal, F_SETFD, FD_CLOEXEC)
    // Raw mode, so the bytes arrive as written ("\n" is not turned into "\r\n").
    var settings = termios()
    tcgetattr(terminal, &settings)
    cfmakeraw(&settings)
    tcsetattr(terminal, TCSANOW, &settings)

    let process = Process()
    process.executableURL = try FeedctlProcess.executable()
    process.arguments = arguments
    process.environment = FeedctlProcess.baseEnvironment.merging(environment) { _, new in new }
      .filter { !unset.contains($0.key) }
    process.standardOutput = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    process.standardInput = FileHandle.nullDevice
    let error = Pipe()
    process.standardError = error
    do {
      try process.run()
    } catch {
      close(terminal)
      throw error
    }
    close(terminal)
    let errorData = Locked(Data())
    let errorReader = Thread {
      errorData.set(error.fileHandleForReading.readDataToEndOfFile())
    }
    errorReader.start()
    let output = readUntilClosed(controller, while: process)
    process.waitUntilExit()
    while !errorData.isSet { usleep(1000) }
    return FeedctlResult(
      code: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      error: String(decoding: errorData.value, as: UTF8.self))
  }

  /// Everything written to the terminal: until the last terminal side closes (`read` fails with
  /// `EIO`), or the child has exited and nothing more arrives.
  private static func readUntilClosed(_ controller: Int32, while process: Process) -> Data {
    var output = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, 100) > 0 {
        let count = read(controller, &buffer, buffer.count)
        guard count > 0 else { break }
        output.append(contentsOf: buffer[..<count])
      } else if !process.isRunning {
        break
      }
    }
    return output
  }
}
