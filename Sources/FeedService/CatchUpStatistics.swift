/// What sharing catch-ups has saved since the start (`FeedService.catchUpStatistics`), for a
/// front end to publish: how many changesets were built, and how many catch-ups were answered
/// without building one, because they joined one running or found it remembered.
public struct CatchUpStatistics: Sendable, Hashable {
  /// Changesets built: a snapshot read and a diff each.
  public var computed = 0
  /// Catch-ups that waited for the same one running and took its result.
  public var joined = 0
  /// Catch-ups answered with a changeset built earlier for the same base and target.
  public var remembered = 0

  public init() {}
}
