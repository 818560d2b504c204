/// An error that knows the process exit code it stands for.
///
/// The entry point asks thrown errors for this, so an application keeps its own exit-code table
/// (e.g. 3 for "database unreachable") next to its error types; anything else exits with 1.
public protocol ExitCodeProviding {
  var exitCode: Int32 { get }
}
