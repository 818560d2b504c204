/// A piece of a feed, with the seed's shape: it makes its content once and renders data into it.
///
/// `createContent()` plays the part of making the cell's view, `render(context:content:)` of applying
/// data on every reuse, and `size(in:)` of the layout question. The content type fixes what the
/// phone draws and which modifiers the component offers (see `Touchable` and its siblings).
public protocol Component {
  associatedtype Content: ContentView

  /// The stable identity of this item, derived from the data it shows (`account/42`), never from
  /// its position; see `FeedIdentifier` for the syntax.
  var id: String { get }

  /// Makes the empty content this component renders into.
  func createContent() -> Content

  /// Applies this component's data to `content`. It must be idempotent: rendering the same
  /// component twice into the same content leaves the same content.
  func render(context: RenderContext, content: Content)

  /// How tall the phone should make this item for the proposed width. It must not change any
  /// state, because it may be asked before, after, or without rendering.
  func size(in proposal: SizeProposal) -> ComponentSize

  /// What a client that cannot draw `Content`'s node type gets instead, such as a
  /// `TextRowComponent` saying what the row says; nil leaves the item out for that client. A
  /// fallback keeps this component's id, and may itself declare a fallback.
  var fallback: AnyComponent? { get }
}

extension Component {
  public func createContent() -> Content {
    Content()
  }

  /// By default the phone measures the drawn content itself.
  public func size(in proposal: SizeProposal) -> ComponentSize {
    .automatic
  }

  /// By default there is none: a client that cannot draw the type does not see the item.
  public var fallback: AnyComponent? { nil }
}
