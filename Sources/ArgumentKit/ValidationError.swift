/// A usage error raised by a command's own `validate()`, for rules that span several options
/// (`--balance` and `--delta` together) or values the type alone cannot check.
///
/// It is reported like every parsing error: one line on standard error, exit code 2.
public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible,
  ExitCodeProviding
{
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
  public var exitCode: Int32 { 2 }
}
