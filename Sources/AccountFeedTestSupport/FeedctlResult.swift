/// What one run of the built `feedctl` binary produced.
public struct FeedctlResult: Sendable {
  public let code: Int32
  public let output: String
  public let error: String

  public init(code: Int32, output: String, error: String) {
    self.code = code
    self.output = output
    self.error = error
  }

  /// The lines of standard error, without the final newline.
  public var errorLines: [String] {
    error.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}
