import FeedDiff

/// A benchmark feed item shaped like a rendered feed node: a string id such as `item/42` and a
/// content digest.
struct DiffBenchItem: Differentiable {
  var id: String
  var digest: UInt64

  var differenceIdentifier: String { id }

  func isContentEqual(to source: DiffBenchItem) -> Bool { digest == source.digest }
}

/// A benchmark section: a string id, a header digest and its items.
struct DiffBenchSection: DifferentiableSection {
  var id: String
  var header: UInt64
  var elements: [DiffBenchItem]

  init(id: String, header: UInt64, elements: [DiffBenchItem]) {
    self.id = id
    self.header = header
    self.elements = elements
  }

  init(source: DiffBenchSection, elements: [DiffBenchItem]) {
    self.init(id: source.id, header: source.header, elements: elements)
  }

  var differenceIdentifier: String { id }

  func isContentEqual(to source: DiffBenchSection) -> Bool { header == source.header }
}
