/// Hosts one component's content across renders, as the seed's `ContainerCell<C>` hosts its view.
///
/// The first render makes the content with `createContent()`; later renders reuse it and only call
/// `render(context:content:)`. Actions are cleared before each render and attached again by the
/// component's modifiers, so a reused content never keeps the previous component's actions. The node
/// it returns is the wire form of what was drawn.
public final class ContainerCell<C: Component> {
  private var hostedContent: C.Content?

  public init() {}

  /// Whether content has been made yet; a reused cell keeps what it made first.
  public var hostsContent: Bool { hostedContent != nil }

  /// Renders `component` into the hosted content and returns the resulting node.
  public func render(component: C, context: RenderContext) -> ItemNode {
    let content: C.Content
    if let hostedContent {
      content = hostedContent
    } else {
      content = component.createContent()
      hostedContent = content
    }
    return component.node(renderingInto: content, context: context)
  }
}
