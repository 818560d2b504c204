import AccountModel
import AccountStore
import FeedAssembler
import FeedComponents

extension FeedAssembler {
  /// What `AccountStore.takeSnapshot(owner:render:)` and `apply(_:in:snapshot:)` store for
  /// `rows`: the document by reference and the nodes of its items, so every snapshot rebuilds
  /// exactly the bytes `assemble` gives, and what changed against the previous one.
  func snapshotContent(
    for rows: FeedRows, label: String? = nil, reason: String
  ) throws(FeedDocumentError) -> SnapshotContent {
    let (feed, nodes) = try assemble(rows).stored
    return SnapshotContent(
      feed: feed, nodes: nodes, label: label, reason: reason, renderer: fingerprint,
      summarize: { base in StoredFeedSection.summary(from: base, to: feed) })
  }
}
