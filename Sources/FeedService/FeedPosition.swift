import AccountModel
import FeedWire

/// Where a follower of an owner's feed stands: the version (document digest) it holds. A
/// catch-up asks for what changed since that version and moves on to the change's target, so a
/// follower that is caught up again and again is sent each change once and misses none — the
/// rule the phone's event stream and the preview page's both keep.
public struct FeedPosition: Sendable, Equatable {
  /// The digest of the document the follower holds.
  public private(set) var digest: String

  public init(holding digest: String) {
    self.digest = digest
  }

  /// The changeset from the version held to the owner's current document, whose digest is then
  /// the version held; nil when the follower is current. A version the service does not know is
  /// `FeedServiceError.unknownBase` (the follower fetches the feed), and the position stays.
  public mutating func advance(in scope: OwnerScope, with service: FeedService) throws
    -> WireChangeset?
  {
    switch try service.changes(since: digest, in: scope) {
    case .current:
      return nil
    case .changes(let changeset):
      digest = changeset.target
      return changeset
    }
  }
}
