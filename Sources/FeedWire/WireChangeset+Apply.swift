import FeedComponents

extension WireChangeset {
  /// Rebuilds the target from `base`, the way the client algorithm in `docs/wire.md` says: check
  /// the base digest, apply every stage as one batch update, rebuild the document from the target's
  /// top-level fields, and check its digest.
  ///
  /// The result is the target byte for byte (`encoded()` gives the server's bytes); any
  /// disagreement between the changeset and the feed is a `WireChangesetError`, never a crash.
  public func apply(to base: FeedDocument) throws(WireChangesetError) -> FeedDocument {
    guard base.digest == self.base else {
      throw .baseMismatch(expected: self.base, found: base.digest)
    }
    var feed = WorkingFeed(base)
    for (number, stage) in stages.enumerated() {
      try feed.apply(stage, number: number)
    }
    let document: FeedDocument
    do {
      document = try FeedDocument(
        owner: owner, sections: feed.sectionNodes(), version: version,
        additionalFields: additionalFields)
    } catch {
      throw .invalidTarget(error)
    }
    guard document.digest == target else {
      throw .targetMismatch(expected: target, computed: document.digest)
    }
    return document
  }
}
