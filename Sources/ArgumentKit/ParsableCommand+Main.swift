import Foundation

extension ParsableCommand {
  /// Parses, validates and runs, treating `Self` as the root; returns the process exit code.
  ///
  /// Help and the version go to `output` with exit code 0. Any error is one line on
  /// `errorOutput`, `<tool>: error: <message>`, where the message is the error's
  /// `LocalizedError.errorDescription` or else its description, with control characters
  /// escaped; the exit code is the error's `ExitCodeProviding.exitCode` (2 for usage and
  /// validation errors) or 1. A thrown `ExitCode` ends silently with its code.
  ///
  /// Output that could not be written (`output.writeError`) is the result too, unless the
  /// command failed with an error of its own: a reader that went away (a broken pipe) ends the
  /// output quietly and leaves the code as it was; any other failure, such as a full disk, is
  /// reported like an error, with exit code 74.
  public static func main(
    _ arguments: [String], environment: [String: String],
    output: TextSink = .standardOutput, errorOutput: TextSink = .standardError
  ) -> Int32 {
    do {
      switch try parse(arguments, environment: environment) {
      case .help(let text):
        output.write(text)
      case .version(let version):
        output.line(version)
      case .run(let command, let commandPath):
        try command.validate()
        try command.run(
          CommandContext(
            output: output, errorOutput: errorOutput, environment: environment,
            commandPath: commandPath))
      }
      return finish(0, output: output, errorOutput: errorOutput)
    } catch let exit as ExitCode {
      return finish(exit.exitCode, output: output, errorOutput: errorOutput)
    } catch {
      report(error, to: errorOutput)
      return (error as? any ExitCodeProviding)?.exitCode ?? 1
    }
  }

  /// Runs with the process's own arguments and environment and exits with the result.
  ///
  /// `SIGPIPE` is ignored first, so a closed pipe on standard output is a write error that
  /// `main(_:environment:output:errorOutput:)` handles rather than a signal that kills the process
  /// (`feedctl log | head -1` then exits 0).
  public static func main() {
    signal(SIGPIPE, SIG_IGN)
    let code = main(
      Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    exit(code)
  }

  /// `code`, unless the output could not be written for a reason other than a closed pipe.
  private static func finish(_ code: Int32, output: TextSink, errorOutput: TextSink) -> Int32 {
    guard let failure = output.writeError, !failure.isBrokenPipe else { return code }
    report(failure, to: errorOutput)
    return failure.exitCode
  }

  private static func report(_ error: any Error, to errorOutput: TextSink) {
    errorOutput.line("\(configuration.commandName): error: \(oneLineMessage(for: error))")
  }

  /// The promise is one line per error, so a multi-line message is joined with spaces; and
  /// since messages quote input, any other control character left is shown escaped
  /// (`VisibleText`), never written raw to the terminal. Every error of every command passes
  /// here, whichever layer composed it.
  private static func oneLineMessage(for error: any Error) -> String {
    let message =
      (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    return VisibleText.escaping(
      message.split(whereSeparator: \.isNewline).joined(separator: " "))
  }
}
