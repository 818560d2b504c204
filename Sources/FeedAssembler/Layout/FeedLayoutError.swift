import Foundation

/// Why a layout could not be used, in one line that names the file, the field and the problem:
/// `config/screens/home.json: sections[2].kind: unknown section kind 'acounts' (expected notices, total, accounts)`.
public struct FeedLayoutError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The file the layout came from (or a name for it, when it was not read from a file).
  public let source: String
  /// Where in the file: a field path such as `sections[1].touch_url`, or `line 3, column 7` for
  /// text that is not JSON; nil when the whole file is the problem (it cannot be read).
  public let location: String?
  public let problem: String

  public init(source: String, location: String?, problem: String) {
    self.source = source
    self.location = location
    self.problem = problem
  }

  public var description: String {
    [source, location, problem].compactMap { $0 }.joined(separator: ": ")
  }

  public var errorDescription: String? { description }
}
