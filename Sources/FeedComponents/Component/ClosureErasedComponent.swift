/// The closure erasure: the generic initializer captures the component in closures, and after that
/// only the closures' types are visible.
struct ClosureErasedComponent {
  /// The component's node, from the context and the id it was erased with.
  let render: (RenderContext, String) -> ItemNode
  let size: (SizeProposal) -> ComponentSize
  let fallback: () -> AnyComponent?

  init<C: Component>(_ component: C) {
    render = { context, id in
      component.node(renderingInto: component.createContent(), context: context, id: id)
    }
    size = { proposal in component.size(in: proposal) }
    fallback = { component.fallback }
  }
}
