import AccountStore
import FeedComponents
import FeedDiff
import FeedVocabulary

/// A stored feed's section as `FeedDiff` sees it — paired by id, its shell its own content, its
/// items compared by digest — so a write summarises what changed from references alone, the way
/// `DiffSection` would from the documents.
struct StoredFeedSection: DifferentiableSection {
  let section: StoredSection
  let elements: [StoredFeedItem]

  init(_ section: StoredSection) {
    self.section = section
    self.elements = section.items.map(StoredFeedItem.init)
  }

  init(source: StoredFeedSection, elements: [StoredFeedItem]) {
    self.section = source.section
    self.elements = elements
  }

  var differenceIdentifier: String { section.id }

  /// Equal shells, compared as JSON when their texts differ: a snapshot migrated from SQL/002
  /// keeps its shell as jsonb wrote it, not canonically.
  func isContentEqual(to source: StoredFeedSection) -> Bool {
    if section.shell == source.section.shell { return true }
    let parse = { (text: String) in try? JSONParser.parse(Array(text.utf8)) }
    return parse(section.shell).map { $0 == parse(source.section.shell) } ?? false
  }

  /// What changed from `base` (nil: an empty feed) to `feed`, counted as `feedctl diff` counts.
  static func summary(from base: StoredFeed?, to feed: StoredFeed) -> ChangeSummary {
    (try? StagedChangeset(
      source: (base?.sections ?? []).map(StoredFeedSection.init),
      target: feed.sections.map(StoredFeedSection.init)
    ).summary) ?? ChangeSummary()
  }
}

/// A stored item as `FeedDiff` sees it: its id, and its digest for content equality.
struct StoredFeedItem: Differentiable {
  let item: StoredItem

  var differenceIdentifier: String { item.id }

  func isContentEqual(to source: StoredFeedItem) -> Bool {
    item.digest == source.item.digest
  }
}
