import Foundation

extension ParsableCommand {
  /// Parses, validates and runs, treating `Self` as the root; returns the process exit code.
  ///
  /// Help and the version go to `output` with exit code 0. Any error is one line on
  /// `errorOutput`, `<tool>: error: <message>`, where the message is the error's
  /// `LocalizedError.errorDescription` or else its description; the exit code is the error's
  /// `ExitCodeProviding.exitCode` (2 for usage and validation errors) or 1. A thrown `ExitCode`
  /// ends silently with its code.
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
      return 0
    } catch let exit as ExitCode {
      return exit.exitCode
    } catch {
      errorOutput.line("\(configuration.commandName): error: \(oneLineMessage(for: error))")
      return (error as? any ExitCodeProviding)?.exitCode ?? 1
    }
  }

  /// Runs with the process's own arguments and environment and exits with the result.
  public static func main() {
    let code = main(
      Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    exit(code)
  }

  /// The promise is one line per error, so a multi-line message is joined with spaces.
  private static func oneLineMessage(for error: any Error) -> String {
    let message =
      (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    return message.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
