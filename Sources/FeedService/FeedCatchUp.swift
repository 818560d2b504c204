import FeedWire

/// What a client holding one of the owner's documents needs to be current.
public enum FeedCatchUp: Sendable {
  /// The client's document is the current one (an HTTP 304, an SSE stream with nothing to send).
  case current(ServedFeed)
  /// The `feeddiff.changeset/2` from the client's document to the current one, whose digest is
  /// its `target`.
  case changes(WireChangeset)
}
