import AccountModel
import AccountStore
import FeedAssembler
import FeedComponents

extension FeedAssembler {
  /// What `AccountStore.takeSnapshot(owner:render:)` and `apply(_:in:snapshot:)` store for
  /// `rows`: the document by reference and the nodes of its items, so every snapshot rebuilds
  /// exactly the bytes `assemble` gives, and what changed against the previous one.
  func snapshotContent(
    for rows: FeedRows, label: String? = nil, reason: String, renderer: String? = nil
  ) throws(FeedDocumentError) -> SnapshotContent {
    snapshotContent(of: try assemble(rows), label: label, reason: reason, renderer: renderer)
  }

  /// `snapshotContent(for:…)` of a document already drawn from the rows.
  func snapshotContent(
    of document: FeedDocument, label: String? = nil, reason: String, renderer: String? = nil
  ) -> SnapshotContent {
    let (feed, nodes) = document.stored
    return SnapshotContent(
      feed: feed, nodes: nodes, label: label, reason: reason, renderer: renderer,
      summarize: { base in StoredFeedSection.summary(from: base, to: feed) })
  }
}
