/// What a command line asks for, decided without doing any of it.
public enum Invocation: Sendable {
  /// Run this fully parsed command; `commandPath` is how it was selected (`feedctl account add`).
  case run(any ParsableCommand, commandPath: [String])
  /// Print this help text.
  case help(String)
  /// Print this version.
  case version(String)
}
