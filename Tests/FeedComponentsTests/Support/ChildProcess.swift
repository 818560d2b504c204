import Foundation

/// Runs other programs for the tests that need a second process or the compiler.
enum ChildProcess {
  struct Result {
    let status: Int32
    /// Standard output and standard error together, so neither pipe can fill up and block.
    let output: String
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }
}
