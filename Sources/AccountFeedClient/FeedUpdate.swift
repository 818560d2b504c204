import FeedComponents

/// One version of the followed document, delivered to the app: the document and the batch
/// updates that take a collection view from the previous version to it.
public struct FeedUpdate: Sendable {
  /// How the version arrived.
  public enum Source: String, Sendable, Equatable {
    /// From the cache on disk, before anything was asked.
    case cache
    /// A whole document from the server: the stream's first event or a screen fetched again.
    case feed
    /// A changeset applied and verified against its target digest.
    case changeset
    /// A whole document fetched again because a changeset could not be used (its base was
    /// unknown, `409`, or it did not land on its target digest).
    case refetch
  }

  public let document: FeedDocument
  public let source: Source
  /// One `performBatchUpdates` each, in order, from the previous version; empty for the first
  /// version (call `reloadData`).
  public let batches: [FeedBatch]

  public init(document: FeedDocument, source: Source, batches: [FeedBatch]) {
    self.document = document
    self.source = source
    self.batches = batches
  }
}
