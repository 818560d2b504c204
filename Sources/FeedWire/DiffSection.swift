import FeedComponents
import FeedDiff

/// A feed document's section as `FeedDiff` sees it: paired by id, its own content being everything
/// but its items — header, footer and any field a newer minor version added — since items are
/// compared one by one.
///
/// Comparing the whole shell, not only the header, is what lets a changeset rebuild the target
/// byte for byte: any difference outside the items is a section update that carries the new shell.
public struct DiffSection: DifferentiableSection, DiffDescribable, Sendable {
  /// The section as a document holds it. In an intermediate stage its `items` may be stale;
  /// `elements` is what the section holds at that stage (see `current`).
  public let node: SectionNode
  public let elements: [DiffItem]

  public init(_ node: SectionNode) {
    self.node = node
    self.elements = node.items.map(DiffItem.init)
  }

  public init(source: DiffSection, elements: [DiffItem]) {
    self.node = source.node
    self.elements = elements
  }

  public var differenceIdentifier: String { node.id }

  public func isContentEqual(to source: DiffSection) -> Bool {
    node.header?.digest == source.node.header?.digest
      && node.footer?.digest == source.node.footer?.digest
      && node.additionalFields == source.node.additionalFields
  }

  public var diffProperties: [DiffProperty] {
    (node.header.map { DiffItem($0).properties(prefix: "header.") } ?? [])
      + (node.footer.map { DiffItem($0).properties(prefix: "footer.") } ?? [])
  }

  /// The section as it stands at this point of a changeset: its shell with `elements` as items.
  public var current: SectionNode {
    SectionNode(
      id: node.id, header: node.header, footer: node.footer, items: elements.map(\.node),
      additionalFields: node.additionalFields)
  }

  /// A whole document as the diff's list of sections.
  public static func sections(of document: FeedDocument) -> [DiffSection] {
    document.sections.map(DiffSection.init)
  }
}
