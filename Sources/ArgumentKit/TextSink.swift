import Foundation

/// Where text goes: standard output, standard error, or a buffer in a test.
///
/// A closure rather than a file handle so the entry point and every command can be exercised in
/// process, with their output captured and compared.
public struct TextSink: TextOutputStream, Sendable {
  private let sink: @Sendable (String) -> Void

  public init(_ sink: @escaping @Sendable (String) -> Void) {
    self.sink = sink
  }

  public func write(_ string: String) {
    sink(string)
  }

  /// Writes `text` followed by a newline.
  public func line(_ text: String) {
    sink(text + "\n")
  }

  /// Writes straight to file descriptor 1. A failed write (a closed pipe) is ignored rather
  /// than crashing: there is nowhere left to report it.
  public static let standardOutput = TextSink { text in
    try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
  }

  public static let standardError = TextSink { text in
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }
}
