/// Thrown from `run` to end with a specific exit code and no error message.
///
/// For results that are not failures but must still be visible to scripts, such as
/// `diff --exit-code` reporting that differences were found.
public struct ExitCode: Error, Equatable, Sendable, ExitCodeProviding {
  public let exitCode: Int32

  public init(_ exitCode: Int32) {
    self.exitCode = exitCode
  }

  public static let success = ExitCode(0)
  public static let failure = ExitCode(1)
  public static let usage = ExitCode(2)
}
