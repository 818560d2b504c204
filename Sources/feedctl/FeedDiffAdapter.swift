import FeedComponents
import FeedDiff

/// A feed document's section as `FeedDiff` sees it: paired by id, its own content being its
/// header and footer (items are compared one by one).
struct DiffSection: DifferentiableSection, DiffDescribable {
  let node: SectionNode
  let elements: [DiffItem]

  init(_ node: SectionNode) {
    self.node = node
    self.elements = node.items.map(DiffItem.init)
  }

  init(source: DiffSection, elements: [DiffItem]) {
    self.node = source.node
    self.elements = elements
  }

  var differenceIdentifier: String { node.id }

  func isContentEqual(to source: DiffSection) -> Bool {
    node.header?.digest == source.node.header?.digest
      && node.footer?.digest == source.node.footer?.digest
  }

  var diffProperties: [DiffProperty] {
    (node.header.map { DiffItem($0).properties(prefix: "header.") } ?? [])
      + (node.footer.map { DiffItem($0).properties(prefix: "footer.") } ?? [])
  }

  /// A whole document as the diff's list of sections.
  static func sections(of document: FeedDocument) -> [DiffSection] {
    document.sections.map(DiffSection.init)
  }
}

/// A feed item as `FeedDiff` sees it: its id, and its digest for content equality.
struct DiffItem: Differentiable, DiffDescribable {
  let node: ItemNode

  init(_ node: ItemNode) {
    self.node = node
  }

  var differenceIdentifier: String { node.id }

  func isContentEqual(to source: DiffItem) -> Bool {
    node.digest == source.node.digest
  }

  /// The item's visible name: its title, label, text or message, whichever its type has.
  var diffTitle: String {
    for key in ["title", "label", "text", "message"] {
      if let text = node.props[key]?.stringValue { return text }
    }
    return ""
  }

  var diffProperties: [DiffProperty] { properties(prefix: "") }

  /// The type, every prop and every action, each formatted as canonical JSON, so the plan's
  /// `before → after` lines show exactly what changed.
  func properties(prefix: String) -> [DiffProperty] {
    let writer = CanonicalJSONWriter()
    var properties = [DiffProperty(name: prefix + "type", value: node.type)]
    for key in node.props.keys.sorted() {
      properties.append(DiffProperty(name: prefix + key, value: writer.string(node.props[key]!)))
    }
    for trigger in node.actions.keys.sorted() {
      properties.append(
        DiffProperty(
          name: prefix + "on " + trigger, value: writer.string(node.actions[trigger]!.json)))
    }
    properties.append(DiffProperty(name: prefix + "size", value: writer.string(node.size.json)))
    return properties
  }
}
