/// The closure erasure: the generic initializer captures the component in closures, and after that
/// only the closures' types are visible.
struct ClosureErasedComponent {
  let render: (RenderContext) -> ItemNode
  let size: (SizeProposal) -> ComponentSize
  let fallback: () -> AnyComponent?

  init<C: Component>(_ component: C) {
    render = { context in
      component.node(renderingInto: component.createContent(), context: context)
    }
    size = { proposal in component.size(in: proposal) }
    fallback = { component.fallback }
  }
}
