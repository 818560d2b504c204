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
    let props = node.props
    for key in ["title", "label", "text", "message"] {
      if let text = props[key]?.stringValue { return text }
    }
    return ""
  }

  public var diffProperties: [DiffProperty] { properties(prefix: "") }

  /// The type, every prop and every action, each formatted as canonical JSON, so the plan's
  /// `before → after` lines show exactly what changed.
  func properties(prefix: String) -> [DiffProperty] {
    let writer = CanonicalJSONWriter()
    let fields = node.fields
    var properties = [DiffProperty(name: prefix + "type", value: fields.type)]
    for key in fields.props.keys.sorted() {
      properties.append(DiffProperty(name: prefix + key, value: writer.string(fields.props[key]!)))
    }
    for trigger in fields.actions.keys.sorted() {
      properties.append(
        DiffProperty(
          name: prefix + "on " + trigger, value: writer.string(fields.actions[trigger]!.json)))
    }
    properties.append(DiffProperty(name: prefix + "size", value: writer.string(fields.size.json)))
    return properties
  }
}
