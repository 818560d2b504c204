/// The result builder for a section's components, named as in the seed.
///
/// It accepts components, optional components, arrays of components, `For` and any other
/// `ComponentListConvertible`, and `if`, `if`/`else`, `switch` and `for … in`. Blocks are combined
/// pairwise with `buildPartialBlock`, so a block may hold any number of statements. A block makes
/// a `ComponentGroup`, which becomes the `[AnyComponent]` a `Section` takes, or stays a group
/// for a `For` to append.
@resultBuilder
public enum SectionModelsBuilder {
  public static func buildExpression<C: Component>(_ component: C) -> ComponentGroup {
    ComponentGroup(AnyComponent(component))
  }

  public static func buildExpression<C: Component>(_ component: C?) -> ComponentGroup {
    component.map { ComponentGroup(AnyComponent($0)) } ?? .empty
  }

  public static func buildExpression(_ component: AnyComponent) -> ComponentGroup {
    ComponentGroup(component)
  }

  public static func buildExpression<C: Component>(_ components: [C]) -> ComponentGroup {
    ComponentGroup(components.map { AnyComponent($0) })
  }

  public static func buildExpression(_ components: [AnyComponent]) -> ComponentGroup {
    ComponentGroup(components)
  }

  public static func buildExpression(_ list: some ComponentListConvertible) -> ComponentGroup {
    ComponentGroup(list.components)
  }

  public static func buildBlock() -> ComponentGroup {
    .empty
  }

  public static func buildPartialBlock(first: ComponentGroup) -> ComponentGroup {
    first
  }

  public static func buildPartialBlock(
    accumulated: ComponentGroup, next: ComponentGroup
  ) -> ComponentGroup {
    accumulated.followed(by: next)
  }

  public static func buildOptional(_ group: ComponentGroup?) -> ComponentGroup {
    group ?? .empty
  }

  public static func buildEither(first group: ComponentGroup) -> ComponentGroup {
    group
  }

  public static func buildEither(second group: ComponentGroup) -> ComponentGroup {
    group
  }

  public static func buildArray(_ groups: [ComponentGroup]) -> ComponentGroup {
    var list: [AnyComponent] = []
    for group in groups { group.append(to: &list) }
    return ComponentGroup(list)
  }

  public static func buildLimitedAvailability(_ group: ComponentGroup) -> ComponentGroup {
    group
  }

  /// A block as a `Section` takes it.
  public static func buildFinalResult(_ group: ComponentGroup) -> [AnyComponent] {
    group.components
  }

  /// A block as a `For` takes it, to append without making an array of it first.
  public static func buildFinalResult(_ group: ComponentGroup) -> ComponentGroup {
    group
  }
}
