import AccountModel
import FeedVocabulary

/// A write's snapshot drawn in place: the sections of the new feed in order, each either drawn
/// whole (the small ones: title, notices, totals) or kept from the `FeedHead` with some of its
/// items replaced by id.
public struct SnapshotPatch: Sendable {
  public enum Section: Hashable, Sendable {
    /// A section drawn whole.
    case whole(StoredSection)
    /// The head's section of that id, its shell as it was, with these items (found by id)
    /// replacing the head's.
    case kept(id: String, replacing: [StoredItem])
  }

  /// The document's own fields, as JSON text.
  public var top: String
  public var sections: [Section]
  /// The node of every item the patch draws, by digest (see `SnapshotContent.nodes`).
  public var nodes: [String: String]
  /// The JSON text a kept section's digest is the SHA-256 of, around its list of items: the
  /// digest covers `prefix`, then each item as `["id","digest"]` joined by commas, then `suffix`.
  public var digestFrame: @Sendable (HeadSection) throws -> (prefix: String, suffix: String)
  /// The document digest over its sections' `[id, digest]` list.
  public var documentDigest: @Sendable ([(id: String, digest: String)]) -> String
  /// What changed between the head's sections that were drawn whole and the new ones (the
  /// kept sections' replaced items are counted by the store).
  public var summarize: @Sendable ([StoredSection], [StoredSection]) -> ChangeSummary
  public var reason: String

  public init(
    top: String, sections: [Section], nodes: [String: String],
    digestFrame: @escaping @Sendable (HeadSection) throws -> (prefix: String, suffix: String),
    documentDigest: @escaping @Sendable ([(id: String, digest: String)]) -> String,
    summarize: @escaping @Sendable ([StoredSection], [StoredSection]) -> ChangeSummary,
    reason: String
  ) {
    self.top = top
    self.sections = sections
    self.nodes = nodes
    self.digestFrame = digestFrame
    self.documentDigest = documentDigest
    self.summarize = summarize
    self.reason = reason
  }
}

extension SnapshotPatch {
  /// The sections drawn whole, in screen order.
  var wholeSections: [StoredSection] {
    sections.compactMap { section in
      if case .whole(let whole) = section { whole } else { nil }
    }
  }

  /// The replaced items that differ from the head's, whose digests `places` holds, by section.
  func differingItems(from places: [String: FeedHeadRows.Place]) -> [String: [StoredItem]] {
    var changed: [String: [StoredItem]] = [:]
    for case .kept(let sectionID, let items) in sections {
      let differing = items.filter { places[$0.id]?.digest != $0.digest }
      if !differing.isEmpty { changed[sectionID] = differing }
    }
    return changed
  }
}

extension SnapshotPatch.Section {
  /// The id of the head's section this one keeps; nil for a section drawn whole.
  var keptID: String? {
    if case .kept(let id, _) = self { id } else { nil }
  }
}
