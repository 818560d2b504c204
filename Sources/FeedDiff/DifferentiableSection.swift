/// A section of a feed: its own identity and header content, and the elements it holds.
///
/// The section's own `isContentEqual(to:)` should compare only the header (title, footer, …),
/// not the elements: element changes are reported one by one.
public protocol DifferentiableSection: Differentiable {
  associatedtype Element: Differentiable

  /// The section's elements in display order.
  var elements: [Element] { get }

  /// A section with `source`'s identity and header and the given elements.
  ///
  /// The diff uses it to build the feed as it stands after each stage, which is what a client
  /// shows between two batch updates.
  init(source: Self, elements: [Element])
}
