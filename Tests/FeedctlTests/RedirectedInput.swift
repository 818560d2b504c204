import AccountFeedTestSupport
import Foundation
import Testing

extension FeedctlDatabase {
  /// Runs feedctl through `/bin/sh` with its standard input redirected by the shell (`<&-`,
  /// `< /`, `< /dev/zero`), or fed from a pipe: the inputs `FeedctlProcess` cannot give.
  func run(
    _ arguments: [String], shellRedirection redirection: String = "", pipedInput: Data? = nil,
    owner: String? = "alice"
  ) throws -> FeedctlResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", "exec \"$0\" \"$@\" \(redirection)", try FeedctlProcess.executable().path]
      + arguments
    var environment = FeedctlProcess.baseEnvironment.merging(self.environment) { _, new in new }
    environment["FEEDCTL_OWNER"] = owner
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = pipedInput == nil ? FileHandle.nullDevice : input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    if let pipedInput {
      // Small enough to fit the pipe's buffer, so this never waits on the child.
      try input.fileHandleForWriting.write(contentsOf: pipedInput)
      try input.fileHandleForWriting.close()
    }
    return FeedctlProcess.collect(process, output: output, error: error)
  }
}
