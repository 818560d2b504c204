/// A component of any type, so different components share one array, as the seed's
/// `AnyCollectionComponent`.
///
/// Both erasures the seed compares are here behind one API: closures that capture the component,
/// and an abstract box with a generic subclass. `feedbench erasure` measures them on 100,000
/// components; `Erasure.preferred` is the one the measurement favoured (see docs/components.md).
public struct AnyComponent {
  /// How the concrete component is hidden.
  public enum Erasure: Hashable, Sendable, CaseIterable {
    /// Closures that capture the component (Toss's approach in the seed).
    case closure
    /// A class `ComponentBox<C>` behind the abstract `AnyComponentBox`.
    case box

    /// The default, chosen on the benchmark's evidence.
    public static let preferred = Erasure.box
  }

  private enum Storage {
    case closure(ClosureErasedComponent)
    case box(AnyComponentBox)
  }

  /// The wrapped component's id.
  public let id: String
  /// The node type the wrapped component renders, known without rendering it.
  public let nodeType: String
  private let storage: Storage

  public init<C: Component>(_ component: C, erasure: Erasure = .preferred) {
    id = component.id
    nodeType = C.Content.nodeType
    switch erasure {
    case .closure: storage = .closure(ClosureErasedComponent(component))
    case .box: storage = .box(ComponentBox(component))
    }
  }

  /// Which erasure this value uses.
  public var erasure: Erasure {
    switch storage {
    case .closure: return .closure
    case .box: return .box
    }
  }

  /// Renders the wrapped component into fresh content and returns its node.
  public func render(context: RenderContext) -> ItemNode {
    switch storage {
    case .closure(let erased): return erased.render(context, id)
    case .box(let box): return box.render(context: context, id: id)
    }
  }

  /// The wrapped component's declared fallback.
  public var fallback: AnyComponent? {
    switch storage {
    case .closure(let erased): return erased.fallback()
    case .box(let box): return box.fallback
    }
  }

  /// The wrapped component's size for `proposal`.
  public func size(in proposal: SizeProposal) -> ComponentSize {
    switch storage {
    case .closure(let erased): return erased.size(proposal)
    case .box(let box): return box.size(in: proposal)
    }
  }
}
