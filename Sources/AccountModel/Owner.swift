import Foundation

/// The person a feed belongs to.
public struct Owner: Hashable, Sendable {
  /// A short handle such as `demo`: lowercase letters, digits, `_` and `-`, at most 64.
  public var id: String
  public var displayName: String
  /// The sequence number of the owner's latest snapshot (0 before the first). Inside a write
  /// that records a snapshot, it is already the number that snapshot gets. Feed documents do not
  /// carry it: their digest is their version.
  public var lastSnapshotSequence: Int64
  public var createdAt: Date

  public init(
    id: String, displayName: String, lastSnapshotSequence: Int64 = 0, createdAt: Date
  ) {
    self.id = id
    self.displayName = displayName
    self.lastSnapshotSequence = lastSnapshotSequence
    self.createdAt = createdAt
  }
}
