import FeedDiff

/// A feed element for tests: a string id and one content field.
struct Item: Differentiable, Hashable, DiffDescribable {
  var id: String
  var label: String

  init(_ id: String, _ label: String = "") {
    self.id = id
    self.label = label
  }

  var differenceIdentifier: String { id }
  var diffProperties: [DiffProperty] { [DiffProperty(name: "label", value: "\"\(label)\"")] }
}

/// A feed section for tests; its content is its title alone.
struct Group: DifferentiableSection, Hashable, DiffDescribable {
  var id: String
  var title: String
  var elements: [Item]

  init(_ id: String, title: String = "", _ elements: [Item]) {
    self.id = id
    self.title = title
    self.elements = elements
  }

  init(source: Group, elements: [Item]) {
    self.init(source.id, title: source.title, elements)
  }

  var differenceIdentifier: String { id }
  var diffProperties: [DiffProperty] { [DiffProperty(name: "title", value: "\"\(title)\"")] }

  func isContentEqual(to source: Group) -> Bool { title == source.title }
}

/// A section whose items are named by the given ids, all with empty labels.
func group(_ id: String, _ itemIDs: [String]) -> Group {
  Group(id, itemIDs.map { Item($0) })
}

/// Item ids `prefix0 ..< prefix(count-1)`.
func ids(_ prefix: String, _ count: Int) -> [String] {
  (0..<count).map { "\(prefix)\($0)" }
}
