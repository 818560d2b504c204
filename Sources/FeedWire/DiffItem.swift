import FeedComponents
import FeedDiff

/// A feed item as `FeedDiff` sees it: its id, and its digest for content equality.
public struct DiffItem: Differentiable, DiffDescribable, Sendable {
  public let node: ItemNode

  public init(_ node: ItemNode) {
    self.node = node
  }

  public var differenceIdentifier: String { node.id }

  public func isContentEqual(to source: DiffItem) -> Bool {
    node.digest == source.node.digest
  }

  /// The item's visible name: its title, label, text or message, whichever its type has.
  public var diffTitle: String {
    for key in ["title", "label", "text", "message"] {
      if let text = node.props[key]?.stringValue { return text }
    }
    return ""
  }

  public var diffProperties: [DiffProperty] { properties(prefix: "") }

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
