import AccountModel
import AccountStore
import FeedAssembler
import FeedComponents

extension FeedAssembler {
  /// What `AccountStore.takeSnapshot(owner:render:)` and `apply(_:in:snapshot:)` store for
  /// `rows`: the document's canonical compact JSON and its digest, so every snapshot holds
  /// exactly the bytes `assemble` gives and the history can be compared byte for byte.
  func snapshotContent(
    for rows: FeedRows, label: String? = nil, reason: String
  ) throws(FeedDocumentError) -> SnapshotContent {
    let document = try assemble(rows)
    return SnapshotContent(
      document: String(decoding: document.encoded(), as: UTF8.self), digest: document.digest,
      label: label, reason: reason)
  }
}
