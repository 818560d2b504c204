import Foundation

/// A stored feed: the rendered document exactly as the owner would have been shown it.
public struct Snapshot: Hashable, Sendable {
  public var info: SnapshotInfo
  /// The feed document's JSON (as jsonb returns it; re-encode it canonically before comparing).
  public var document: String

  public init(info: SnapshotInfo, document: String) {
    self.info = info
    self.document = document
  }
}

/// A snapshot without its document, for listing history cheaply.
public struct SnapshotInfo: Hashable, Sendable {
  public var ownerID: String
  /// 1, 2, 3, … per owner, with no gaps.
  public var sequence: Int64
  public var takenAt: Date
  /// An optional name to refer to it by, unique per owner.
  public var label: String?
  /// What produced it, e.g. `snapshot` or `account update 3`.
  public var reason: String
  /// The document's content digest (64 hex digits).
  public var digest: String

  public init(
    ownerID: String, sequence: Int64, takenAt: Date, label: String?, reason: String,
    digest: String
  ) {
    self.ownerID = ownerID
    self.sequence = sequence
    self.takenAt = takenAt
    self.label = label
    self.reason = reason
    self.digest = digest
  }
}

/// What to store as a snapshot: produced by the caller (the store does not know how feeds are
/// rendered) from rows read inside the same transaction as the write.
public struct SnapshotContent: Sendable {
  public var document: String
  public var digest: String
  public var label: String?
  public var reason: String

  public init(document: String, digest: String, label: String? = nil, reason: String) {
    self.document = document
    self.digest = digest
    self.label = label
    self.reason = reason
  }
}
