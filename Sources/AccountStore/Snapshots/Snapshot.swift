import AccountModel
import FeedVocabulary
import Foundation

/// A stored feed: what the owner was shown, rebuilt from its references and the item nodes they
/// name.
public struct Snapshot: Hashable, Sendable {
  public var info: SnapshotInfo
  public var feed: StoredFeed
  /// The node of every item digest in `feed`, as JSON text without `id` and `digest` (as
  /// stored: canonical when this program wrote it, jsonb's spacing when SQL/005 moved it; the
  /// caller re-encodes it canonically).
  public var nodes: [String: String]

  public init(info: SnapshotInfo, feed: StoredFeed, nodes: [String: String]) {
    self.info = info
    self.feed = feed
    self.nodes = nodes
  }
}

/// A snapshot without its feed, for listing history cheaply.
public struct SnapshotInfo: Hashable, Sendable {
  public var ownerID: String
  /// 1, 2, 3, … per owner, with no gaps until history is pruned.
  public var sequence: Int64
  public var takenAt: Date
  /// An optional name to refer to it by, unique per owner.
  public var label: String?
  /// What produced it, e.g. `snapshot` or `account update 3`.
  public var reason: String
  /// The document's content digest (64 hex digits).
  public var digest: String
  /// Which of the owner's screens it shows (`home` unless a caller names another).
  public var screen: String
  /// What changed against the screen's previous snapshot; nil for one taken before the store
  /// kept summaries, which the caller works out from the feeds.
  public var summary: ChangeSummary?

  public init(
    ownerID: String, sequence: Int64, takenAt: Date, label: String?, reason: String,
    digest: String, screen: String = Snapshot.homeScreen, summary: ChangeSummary? = nil
  ) {
    self.ownerID = ownerID
    self.sequence = sequence
    self.takenAt = takenAt
    self.label = label
    self.reason = reason
    self.digest = digest
    self.screen = screen
    self.summary = summary
  }
}

extension Snapshot {
  /// The screen a snapshot shows when no other is named.
  public static let homeScreen = "home"
}

/// What to store as a snapshot: produced by the caller (the store does not know how feeds are
/// rendered) from rows read inside the same transaction as the write.
public struct SnapshotContent: Sendable {
  public var feed: StoredFeed
  /// The node (JSON text without `id` and `digest`) of each of the given item digests of
  /// `feed`: for a delta the store asks only for those the screen's previous snapshot did not
  /// show, so a one-item change encodes one node; a checkpoint asks for every one.
  public var nodes: @Sendable (Set<String>) -> [String: String]
  public var label: String?
  public var reason: String
  public var screen: String
  /// Works out what changed against the screen's previous feed (nil before the first), once the
  /// store has decided to record the snapshot.
  public var summarize: @Sendable (StoredFeed?) -> ChangeSummary
  /// The `SnapshotPatcher.fingerprint` of what drew the feed, so the store keeps a `FeedHead`
  /// of a large one for the next write to patch; nil keeps none.
  public var renderer: String?

  public init(
    feed: StoredFeed, nodes: @escaping @Sendable (Set<String>) -> [String: String],
    label: String? = nil, reason: String,
    screen: String = Snapshot.homeScreen,
    renderer: String? = nil,
    summarize: @escaping @Sendable (StoredFeed?) -> ChangeSummary = { _ in ChangeSummary() }
  ) {
    self.renderer = renderer
    self.feed = feed
    self.nodes = nodes
    self.label = label
    self.reason = reason
    self.screen = screen
    self.summarize = summarize
  }

  /// The feed's digest, its version.
  public var digest: String { feed.digest }
}
