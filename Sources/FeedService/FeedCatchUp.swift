import FeedComponents
import FeedWire

/// What a client holding one of the owner's documents needs to be current.
public enum FeedCatchUp: Sendable {
  /// The client's document is the current one (an HTTP 304, an SSE stream with nothing to send).
  case current(FeedDocument)
  /// The `feeddiff.changeset/2` from the client's document to `target`, the current one.
  case changes(WireChangeset, target: FeedDocument)

  /// The owner's current document, either way.
  public var document: FeedDocument {
    switch self {
    case .current(let document), .changes(_, let document): document
    }
  }
}
