/// What the entry point hands to `run`: the streams to write to and the environment.
///
/// Commands write through the context instead of `print` so they can be tested in process, and
/// read the environment from it instead of `ProcessInfo` so a test controls it.
public struct CommandContext: Sendable {
  public var output: TextSink
  public var errorOutput: TextSink
  public var environment: [String: String]
  /// The words that selected the command, e.g. `["feedctl", "account", "add"]`.
  public var commandPath: [String]

  public init(
    output: TextSink, errorOutput: TextSink, environment: [String: String],
    commandPath: [String]
  ) {
    self.output = output
    self.errorOutput = errorOutput
    self.environment = environment
    self.commandPath = commandPath
  }
}
