/// The box erasure: an abstract class with no associated type defines the interface, and the
/// generic subclass `ComponentBox<C>` keeps the concrete component and implements it. Calls reach
/// the subclass by dynamic dispatch.
class AnyComponentBox {
  /// The component's node; `id` is the id it was erased with.
  func render(context: RenderContext, id: String) -> ItemNode {
    preconditionFailure("ComponentBox overrides render(context:id:)")
  }

  func size(in proposal: SizeProposal) -> ComponentSize {
    preconditionFailure("ComponentBox overrides size(in:)")
  }

  var fallback: AnyComponent? {
    preconditionFailure("ComponentBox overrides fallback")
  }
}

/// Holds one concrete component for `AnyComponentBox`.
final class ComponentBox<C: Component>: AnyComponentBox {
  private let component: C

  init(_ component: C) {
    self.component = component
  }

  override func render(context: RenderContext, id: String) -> ItemNode {
    component.node(renderingInto: component.createContent(), context: context, id: id)
  }

  override func size(in proposal: SizeProposal) -> ComponentSize {
    component.size(in: proposal)
  }

  override var fallback: AnyComponent? {
    component.fallback
  }
}
