/// A changeset that does not fit the feed it is applied to, such as one computed against a
/// different old feed.
public struct ChangesetApplicationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Zero-based index of the stage that failed.
  public var stage: Int
  public var reason: String

  public init(stage: Int, reason: String) {
    self.stage = stage
    self.reason = reason
  }

  public var description: String {
    "Stage \(stage + 1) of the changeset does not fit the feed: \(reason)."
  }
}
