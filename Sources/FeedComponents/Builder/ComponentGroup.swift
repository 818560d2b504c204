/// What one block of a `SectionModelsBuilder` makes: the components of its statements, in order.
///
/// Most blocks, and nearly every block of a `For`, hold exactly one component, and a group of one
/// keeps it without an array: a `For` over 100,000 accounts made, filled, copied out of and
/// freed 100,000 one-element arrays (7% of the instructions of showing that feed). A block
/// becomes an array only at the end, for a `Section`, or is appended straight to the list a
/// `For` is building.
public struct ComponentGroup {
  @usableFromInline
  enum Storage {
    case one(AnyComponent)
    case many([AnyComponent])
  }

  @usableFromInline let storage: Storage

  init(_ component: AnyComponent) {
    storage = .one(component)
  }

  init(_ components: [AnyComponent]) {
    storage = .many(components)
  }

  static var empty: ComponentGroup { ComponentGroup([]) }

  /// The components, as one list.
  public var components: [AnyComponent] {
    switch storage {
    case .one(let component): [component]
    case .many(let components): components
    }
  }

  /// Appends the components to `list`, as a `For` gathers its elements' groups.
  @inlinable
  public func append(to list: inout [AnyComponent]) {
    switch storage {
    case .one(let component): list.append(component)
    case .many(let components): list.append(contentsOf: components)
    }
  }

  /// This group followed by `next`, for a block of several statements.
  func followed(by next: ComponentGroup) -> ComponentGroup {
    var list = components
    next.append(to: &list)
    return ComponentGroup(list)
  }
}
