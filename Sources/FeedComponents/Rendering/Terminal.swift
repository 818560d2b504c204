#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a command-line tool needs to know about its terminal to pick the screen's width and colour.
public enum Terminal {
  /// Whether standard output is a terminal rather than a pipe or a file.
  public static var standardOutputIsTerminal: Bool {
    isatty(STDOUT_FILENO) == 1
  }

  /// The terminal's width in columns: `COLUMNS` when set to a positive number, else what the
  /// terminal on standard output reports, else `nil` (not a terminal).
  public static func columns(environment: [String: String]) -> Int? {
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
